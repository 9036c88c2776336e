import type { Knex } from 'knex';

/**
 * Rate-limit counters need no crash safety (after a crash they start from zero, as after a
 * window ends), and every public form's request updated one row per client under a row lock held
 * until its commit had written and flushed the WAL: an unlogged table writes none. Not copied to
 * standbys either, which is fine for counters that last a minute.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE rate_limits SET UNLOGGED');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE rate_limits SET LOGGED');
}
