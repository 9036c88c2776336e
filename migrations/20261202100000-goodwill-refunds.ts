import type { Knex } from 'knex';
import { addRepeatableKind, removeRepeatableKind } from './support/repeatable-email-kinds';

/**
 * A goodwill refund keeps the booking: the buyer is told each time one is given (`goodwill_refund`,
 * once per refund, by its dedupe key), and the booking goes on. A later cancel by the policy counts
 * it toward the policy's amount, once: `goodwill_counted_cents` is how much of the booking's
 * goodwill refunds policy cancels have counted so far.
 */
const KIND = 'goodwill_refund';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS goodwill_counted_cents integer NOT NULL DEFAULT 0 CHECK (goodwill_counted_cents >= 0)');
  await addRepeatableKind(knex, KIND);
}

export async function down(knex: Knex): Promise<void> {
  await removeRepeatableKind(knex, KIND);
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS goodwill_counted_cents');
}
