import type { Knex } from 'knex';

/**
 * Bookings an admin adds by hand (issue 23, point 5): a complimentary seat, or one paid outside
 * the site (bank transfer, cash). No provider ever holds their money, so none is ever asked to
 * refund it: what an admin gave back by hand is recorded on the row (`by_hand_refunded_cents`),
 * never more than was paid, and who paid it is kept (`by_hand_payer_*`: a transfer hands the seat
 * on, not the money). A completed booking now names its payment, or is paid by another
 * order's, or was made free by a promo code, or was paid by hand.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE workshop_registrations
      ADD COLUMN IF NOT EXISTS by_hand_payment text NULL CHECK (by_hand_payment IN ('complimentary', 'offline')),
      ADD COLUMN IF NOT EXISTS by_hand_note text NULL CHECK (length(by_hand_note) <= 500),
      ADD COLUMN IF NOT EXISTS by_hand_refunded_cents integer NOT NULL DEFAULT 0 CHECK (by_hand_refunded_cents >= 0),
      ADD COLUMN IF NOT EXISTS by_hand_payer_name text NULL CHECK (length(by_hand_payer_name) <= 100),
      ADD COLUMN IF NOT EXISTS by_hand_payer_email text NULL CHECK (length(by_hand_payer_email) <= 255)`);
  // Run again after a migrator died half-way (knex re-runs the whole file): constraints are replaced, not added twice.
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS registrations_by_hand_money, DROP CONSTRAINT IF EXISTS registrations_by_hand_refund_only');
  await knex.raw(`
    ALTER TABLE workshop_registrations ADD CONSTRAINT registrations_by_hand_money CHECK (
      by_hand_payment IS NULL
      OR (payment_method IS NULL AND payment_id IS NULL AND provider_order_id IS NULL AND paid_with_payment_id IS NULL AND promo_code_id IS NULL
          AND by_hand_refunded_cents <= amount
          AND (by_hand_payment = 'offline') = (amount > 0)))`);
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT registrations_by_hand_refund_only CHECK (by_hand_payment IS NOT NULL OR by_hand_refunded_cents = 0)`);
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`
    ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check CHECK (
      status <> 'completed' OR payment_id IS NOT NULL
      OR (paid_with_payment_id IS NOT NULL AND payment_method IS NOT NULL AND payment_id IS NULL AND provider_order_id IS NULL)
      OR (amount = 0 AND payment_method IS NULL AND promo_code_id IS NOT NULL)
      OR by_hand_payment IS NOT NULL)`);
  // The dashboard's offline money reads these few rows alone.
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_by_hand_idx ON workshop_registrations (workshop_id, status) WHERE by_hand_payment IS NOT NULL');
  // …and what went back of those "clear all" archived, without reading the whole archive.
  await knex.raw(`CREATE INDEX IF NOT EXISTS registrations_archive_by_hand_idx ON workshop_registrations_archive ((record->>'by_hand_payment')) WHERE record->>'by_hand_payment' IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS registrations_archive_by_hand_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_by_hand_idx');
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`
    ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check CHECK (
      status <> 'completed' OR payment_id IS NOT NULL
      OR (paid_with_payment_id IS NOT NULL AND payment_method IS NOT NULL AND payment_id IS NULL AND provider_order_id IS NULL)
      OR (amount = 0 AND payment_method IS NULL AND promo_code_id IS NOT NULL)) NOT VALID`);
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS registrations_by_hand_refund_only, DROP CONSTRAINT IF EXISTS registrations_by_hand_money');
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS by_hand_payer_email, DROP COLUMN IF EXISTS by_hand_payer_name, DROP COLUMN IF EXISTS by_hand_refunded_cents, DROP COLUMN IF EXISTS by_hand_note, DROP COLUMN IF EXISTS by_hand_payment');
}
