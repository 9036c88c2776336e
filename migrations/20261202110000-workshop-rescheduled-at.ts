import type { Knex } from 'knex';

/**
 * When a workshop's date last changed: a booking bought before it may be cancelled for everything
 * back until 48 hours before the new start (issue 23, point 2), whatever the policy's band.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshops ADD COLUMN IF NOT EXISTS rescheduled_at timestamptz NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshops DROP COLUMN IF EXISTS rescheduled_at');
}
