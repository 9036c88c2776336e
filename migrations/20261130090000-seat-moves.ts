import type { Knex } from 'knex';

/**
 * An admin moves one seat of a team booking to another workshop (server/src/bookings/seat-move.service.ts):
 * the seat becomes an order of its own there, paid by its first order's payment.
 *
 * - `paid_with_payment_id`: the payment (of `payment_method`) that paid for a moved seat's order.
 *   Not `payment_id`, which names the one order a payment settles (unique), so replays, webhooks
 *   and the unattributed-money path keep finding the order the buyer paid for. Every decision
 *   about the seat's money is taken on that payment's ledger row, so the seat and its first order
 *   together never give back more than the payment kept.
 * - `split_from_registration_id`: the order it came from (no foreign key: a clear archives either).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE workshop_registrations
      ADD COLUMN IF NOT EXISTS paid_with_payment_id text NULL,
      ADD COLUMN IF NOT EXISTS split_from_registration_id uuid NULL`);
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_paid_with_idx ON workshop_registrations (payment_method, paid_with_payment_id) WHERE paid_with_payment_id IS NOT NULL');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_split_from_idx ON workshop_registrations (split_from_registration_id) WHERE split_from_registration_id IS NOT NULL');
  // A completed order names its payment, or is paid by another order's (a moved seat), or was made free by a promo code.
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`
    ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check CHECK (
      status <> 'completed' OR payment_id IS NOT NULL
      OR (paid_with_payment_id IS NOT NULL AND payment_method IS NOT NULL AND payment_id IS NULL AND provider_order_id IS NULL)
      OR (amount = 0 AND payment_method IS NULL AND promo_code_id IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`
    ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check CHECK (
      status <> 'completed' OR payment_id IS NOT NULL OR (amount = 0 AND payment_method IS NULL AND promo_code_id IS NOT NULL))`);
  await knex.raw('DROP INDEX IF EXISTS registrations_split_from_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_paid_with_idx');
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS split_from_registration_id, DROP COLUMN IF EXISTS paid_with_payment_id');
}
