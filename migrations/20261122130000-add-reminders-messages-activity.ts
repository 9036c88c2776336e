import type { Knex } from 'knex';

const KINDS = [
  'confirmation', 'admin_notification', 'refund_notice', 'admin_refund_notice', 'duplicate_refund_notice', 'admin_refund_failed',
  'admin_email_failed', 'admin_reconcile_stuck', 'cancellation_notice', 'confirmation_resend',
];
const NEW_KINDS = ['reminder_24h', 'reminder_1h', 'workshop_updated', 'attendee_message'];
/** Kinds a registration may get more than once; each such email names its own dedupe_key instead. */
const REPEATABLE = ['confirmation_resend', 'workshop_updated', 'attendee_message'];
const list = (xs: string[]) => xs.map((k) => `'${k}'`).join(', ');

/**
 * Reminders, "workshop updated" notices and messages to attendees are emails like the others;
 * a workshop's revision numbers its calendar invites (same UID, higher SEQUENCE). Every admin
 * write is a row of admin_activity, which the database refuses to change or delete.
 */
export async function up(knex: Knex): Promise<void> {
  // The cancellation fee is an admin setting (its defaults live in the shared schema).
  await knex.raw('ALTER TABLE admin_settings DROP CONSTRAINT IF EXISTS admin_settings_setting_key_check');
  await knex.raw(`ALTER TABLE admin_settings ADD CONSTRAINT admin_settings_setting_key_check CHECK (setting_key IN ('site_maintenance', 'registration_limit', 'email_notifications', 'refund_policy'))`);
  await knex.raw('ALTER TABLE workshops ADD COLUMN IF NOT EXISTS revision integer NOT NULL DEFAULT 0');
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(`ALTER TABLE email_messages ADD CONSTRAINT email_messages_kind_check CHECK (kind IN (${list([...KINDS, ...NEW_KINDS])}))`);
  await knex.raw('DROP INDEX IF EXISTS email_messages_registration_kind_key');
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS email_messages_registration_kind_key ON email_messages (registration_id, kind) WHERE kind NOT IN (${list(REPEATABLE)})`);
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS attendee_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workshop_id uuid NOT NULL REFERENCES workshops(id) ON DELETE RESTRICT,
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
      idempotency_key text NULL UNIQUE,
      sent_by uuid NULL REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`
    ALTER TABLE email_messages
      ADD COLUMN IF NOT EXISTS dedupe_key text NULL UNIQUE,
      ADD COLUMN IF NOT EXISTS message_id uuid NULL REFERENCES attendee_messages(id) ON DELETE CASCADE`);
  await knex.raw('CREATE INDEX IF NOT EXISTS email_messages_message_idx ON email_messages (message_id) WHERE message_id IS NOT NULL');
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS admin_activity (
      id bigserial PRIMARY KEY,
      actor_user_id uuid NULL,
      actor_email text NULL,
      action text NOT NULL,
      target_type text NULL,
      target_id text NULL,
      before jsonb NULL,
      after jsonb NULL,
      status integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS admin_activity_created_idx ON admin_activity (created_at DESC, id DESC)');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION admin_activity_append_only() RETURNS trigger AS $$
    BEGIN
      RAISE EXCEPTION 'admin_activity is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS admin_activity_append_only ON admin_activity');
  await knex.raw('CREATE TRIGGER admin_activity_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON admin_activity FOR EACH STATEMENT EXECUTE FUNCTION admin_activity_append_only()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS admin_activity');
  await knex.raw('DROP FUNCTION IF EXISTS admin_activity_append_only()');
  await knex.raw(`DELETE FROM email_messages WHERE kind IN (${list(NEW_KINDS)})`);
  await knex.raw('ALTER TABLE email_messages DROP COLUMN IF EXISTS message_id, DROP COLUMN IF EXISTS dedupe_key');
  await knex.raw('DROP TABLE IF EXISTS attendee_messages');
  await knex.raw('DROP INDEX IF EXISTS email_messages_registration_kind_key');
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS email_messages_registration_kind_key ON email_messages (registration_id, kind) WHERE kind <> 'confirmation_resend'`);
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(`ALTER TABLE email_messages ADD CONSTRAINT email_messages_kind_check CHECK (kind IN (${list(KINDS)}))`);
  await knex.raw('ALTER TABLE workshops DROP COLUMN IF EXISTS revision');
  await knex.raw(`DELETE FROM admin_settings WHERE setting_key = 'refund_policy'`);
  await knex.raw('ALTER TABLE admin_settings DROP CONSTRAINT IF EXISTS admin_settings_setting_key_check');
  await knex.raw(`ALTER TABLE admin_settings ADD CONSTRAINT admin_settings_setting_key_check CHECK (setting_key IN ('site_maintenance', 'registration_limit', 'email_notifications'))`);
}
