import type { Knex } from 'knex';

/**
 * Rate-limit counters every server instance shares (rate-limiter-flexible's PostgreSQL store:
 * its columns, in its order, because it inserts by position). `expire` is epoch milliseconds.
 * Created here rather than by the library at start, so instances starting together never race.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS rate_limits_expire_idx ON rate_limits (expire)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS rate_limits');
}
