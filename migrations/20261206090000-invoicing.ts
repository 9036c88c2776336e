import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * Invoices and credit notes (issue 25). The seller's details are a setting (`invoicing`); a buyer's
 * optional company details ride on their order (`billing`). Numbers come from one counter row per
 * prefix and year, taken in the transaction that issues the document: a rolled-back issue gives
 * its number back, two at once wait for each other, so a sequence never gaps or repeats (a
 * database sequence would gap). A document never changes once issued: it keeps a snapshot of what
 * it says, and the table refuses updates and deletes; it outlives a clear of the registrations.
 */
export async function up(knex: Knex): Promise<void> {
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', ['invoicing']);
  await knex.raw('ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS billing jsonb NULL');
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS invoice_counters (
      prefix text NOT NULL,
      year smallint NOT NULL,
      last_number integer NOT NULL CHECK (last_number > 0),
      PRIMARY KEY (prefix, year)
    )`);
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      number text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
      registration_id uuid NULL REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      credits_invoice_id uuid NULL REFERENCES invoices(id),
      refund_key text NULL UNIQUE,
      issued_at timestamptz NOT NULL DEFAULT now(),
      currency text NOT NULL,
      net_cents integer NOT NULL,
      tax_cents integer NOT NULL,
      total_cents integer NOT NULL CHECK (total_cents = net_cents + tax_cents),
      document jsonb NOT NULL,
      CHECK ((kind = 'invoice') = (credits_invoice_id IS NULL))
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS invoices_registration_idx ON invoices (registration_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS invoices_issued_idx ON invoices (issued_at)');
  // One invoice per order: a second completion of the same order can never issue another.
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS invoices_one_per_order ON invoices (registration_id) WHERE kind = 'invoice' AND registration_id IS NOT NULL AND (document->>'replaces') IS NULL`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION invoices_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The only change allowed: the order's row went (a clear); the document keeps its snapshot.
      IF TG_OP = 'UPDATE' AND NEW.registration_id IS NULL AND OLD.registration_id IS NOT NULL
         AND (to_jsonb(NEW) - 'registration_id') = (to_jsonb(OLD) - 'registration_id') THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'invoices and credit notes never change once issued';
    END $$`);
  await knex.raw('DROP TRIGGER IF EXISTS invoices_final ON invoices');
  await knex.raw('CREATE TRIGGER invoices_final BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_are_final()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS invoices');
  await knex.raw('DROP FUNCTION IF EXISTS invoices_are_final()');
  await knex.raw('DROP TABLE IF EXISTS invoice_counters');
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS billing');
  await knex('admin_settings').where({ setting_key: 'invoicing' }).delete();
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', [], ['invoicing']);
}
