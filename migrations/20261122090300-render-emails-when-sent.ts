import type { Knex } from 'knex';

const KINDS = ['confirmation', 'admin_notification', 'refund_notice', 'admin_refund_notice', 'duplicate_refund_notice', 'admin_refund_failed'];
const NEW_KINDS = ['admin_email_failed', 'admin_reconcile_stuck'];
const kindCheck = (kinds: string[]) =>
  `ALTER TABLE email_messages ADD CONSTRAINT email_messages_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`;

/**
 * Emails are built by the worker, not in the transaction that completes a payment: an email
 * that cannot be built (an address the calendar library refuses) is recorded as failed and
 * reported, and the seat stands. `data` is the snapshot the email is built from, taken when
 * it was queued, so clearing registrations cannot lose a queued email.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE email_messages ALTER COLUMN content DROP NOT NULL');
  await knex.raw('ALTER TABLE email_messages ALTER COLUMN subject DROP NOT NULL');
  await knex.raw(`ALTER TABLE email_messages ADD COLUMN IF NOT EXISTS data jsonb NULL`);
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_status_check');
  await knex.raw(`ALTER TABLE email_messages ADD CONSTRAINT email_messages_status_check CHECK (status IN ('queued', 'sent', 'failed'))`);
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck([...KINDS, ...NEW_KINDS]));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind IN (${NEW_KINDS.map((k) => `'${k}'`).join(', ')}) OR content IS NULL`);
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck(KINDS));
  await knex.raw(`UPDATE email_messages SET status = 'queued' WHERE status = 'failed'`);
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_status_check');
  await knex.raw(`ALTER TABLE email_messages ADD CONSTRAINT email_messages_status_check CHECK (status IN ('queued', 'sent'))`);
  await knex.raw('ALTER TABLE email_messages DROP COLUMN IF EXISTS data');
  await knex.raw('ALTER TABLE email_messages ALTER COLUMN subject SET NOT NULL');
  await knex.raw('ALTER TABLE email_messages ALTER COLUMN content SET NOT NULL');
}
