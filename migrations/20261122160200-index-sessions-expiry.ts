import type { Knex } from 'knex';

/** The purge job deletes expired sessions by expiry. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS sessions_expires_at_idx ON sessions (expires_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS sessions_expires_at_idx');
}
