import type { Knex } from 'knex';

const KINDS = ['confirmation', 'admin_notification', 'refund_notice', 'admin_refund_notice', 'duplicate_refund_notice', 'admin_refund_failed', 'admin_email_failed', 'admin_reconcile_stuck'];
const NEW_KINDS = ['cancellation_notice', 'confirmation_resend'];
const kindCheck = (kinds: string[]) =>
  `ALTER TABLE email_messages ADD CONSTRAINT email_messages_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`;

/**
 * After the sale: where a workshop happens (shown only to holders of a completed booking), the
 * buyer's manage-your-booking link (only its sha256 is stored), and the cancellation notice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE workshops
      ADD COLUMN IF NOT EXISTS join_url text NULL CHECK (join_url ~ '^(http|https)://' AND length(join_url) <= 2000),
      ADD COLUMN IF NOT EXISTS join_passcode text NULL CHECK (length(join_passcode) <= 100),
      ADD COLUMN IF NOT EXISTS materials_url text NULL CHECK (materials_url ~ '^(http|https)://' AND length(materials_url) <= 2000)`);
  await knex.raw(`
    ALTER TABLE workshop_registrations
      ADD COLUMN IF NOT EXISTS booking_token_hash text NULL,
      ADD COLUMN IF NOT EXISTS cancelled_at timestamptz NULL`);
  await knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS registrations_booking_token_key ON workshop_registrations (booking_token_hash) WHERE booking_token_hash IS NOT NULL');
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck([...KINDS, ...NEW_KINDS]));
  // One of each email per registration, except resends of the confirmation, which a buyer may ask for again.
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_registration_id_kind_key');
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS email_messages_registration_kind_key ON email_messages (registration_id, kind) WHERE kind <> 'confirmation_resend'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind IN (${NEW_KINDS.map((k) => `'${k}'`).join(', ')})`);
  await knex.raw('DROP INDEX IF EXISTS email_messages_registration_kind_key');
  await knex.raw('ALTER TABLE email_messages ADD CONSTRAINT email_messages_registration_id_kind_key UNIQUE (registration_id, kind)');
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck(KINDS));
  await knex.raw('DROP INDEX IF EXISTS registrations_booking_token_key');
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS booking_token_hash, DROP COLUMN IF EXISTS cancelled_at');
  await knex.raw('ALTER TABLE workshops DROP COLUMN IF EXISTS join_url, DROP COLUMN IF EXISTS join_passcode, DROP COLUMN IF EXISTS materials_url');
}
