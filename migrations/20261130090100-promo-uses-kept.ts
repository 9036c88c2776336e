import type { Knex } from 'knex';

/**
 * A promo code's use stays taken by a seat that was sold and then cancelled without all of its
 * money going back (an admin's cancel without refund, a policy cancellation that kept a fee):
 * the business kept a payment made at the code's price. `kept_uses` is how many of an order's
 * cancelled seats keep their use; a code's uses are its completed seats plus these.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS kept_uses smallint NOT NULL DEFAULT 0 CHECK (kept_uses BETWEEN 0 AND 10)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS kept_uses');
}
