import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // promo_code is the code as typed at checkout, kept with the row (and its archive copy).
  await knex.raw(`
    ALTER TABLE workshop_registrations
      ADD COLUMN IF NOT EXISTS promo_code_id uuid NULL REFERENCES promo_codes(id) ON DELETE RESTRICT,
      ADD COLUMN IF NOT EXISTS promo_code text NULL,
      ADD COLUMN IF NOT EXISTS discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0)`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS registrations_promo_code_idx ON workshop_registrations (promo_code_id, status) WHERE promo_code_id IS NOT NULL`);
  // A booking a promo code made free has no provider and no payment: completed without a payment id.
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check
    CHECK (status <> 'completed' OR payment_id IS NOT NULL OR (amount = 0 AND payment_method IS NULL AND promo_code_id IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check CHECK (status <> 'completed' OR payment_id IS NOT NULL) NOT VALID`);
  await knex.raw('DROP INDEX IF EXISTS registrations_promo_code_idx');
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS promo_code_id, DROP COLUMN IF EXISTS promo_code, DROP COLUMN IF EXISTS discount_cents');
}
