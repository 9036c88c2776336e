import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

/**
 * Checkout recovery: one follow-up per person per workshop (the unique index is the promise),
 * people who asked for no more of them, and where each registration came from (UTM).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS checkout_recoveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workshop_id uuid NOT NULL REFERENCES workshops(id) ON DELETE CASCADE,
      registration_id uuid REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      name text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      token_hash text UNIQUE,
      status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sent', 'skipped')),
      skip_reason text,
      send_after timestamptz NOT NULL,
      sent_at timestamptz,
      returned_at timestamptz,
      recovered_registration_id uuid REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      recovered_at timestamptz,
      recovered_amount_cents integer,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS checkout_recoveries_person_key ON checkout_recoveries (workshop_id, lower(email))');
  await knex.raw('CREATE INDEX IF NOT EXISTS checkout_recoveries_registration_idx ON checkout_recoveries (registration_id)');
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS email_unsubscribes (
      email_lower text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  for (const c of UTM) await knex.raw(`ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS ${c} text`);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', ['checkout_recovery']);
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', ['checkout_recovery']);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind = 'checkout_recovery'`);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], ['checkout_recovery']);
  await knex.raw(`DELETE FROM admin_settings WHERE setting_key = 'checkout_recovery'`);
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', [], ['checkout_recovery']);
  for (const c of UTM) await knex.raw(`ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS ${c}`);
  await knex.raw('DROP TABLE IF EXISTS email_unsubscribes');
  await knex.raw('DROP TABLE IF EXISTS checkout_recoveries');
}
