import type { Knex } from 'knex';

/**
 * When an admin last moved a booking to another workshop: the full-refund choice of a workshop
 * moved after purchase (issue 23, point 2) belongs to bookings that were there before its date changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS moved_in_at timestamptz NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS moved_in_at');
}
