import type { Knex } from 'knex';

const KINDS = ['confirmation', 'admin_notification', 'refund_notice', 'admin_refund_notice'];

function kindCheck(kinds: string[]): string {
  return `ALTER TABLE email_messages ADD CONSTRAINT email_messages_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`;
}

/**
 * A second payment for a registration already paid is refunded and the buyer is told; a
 * refund the provider keeps refusing is reported to the admins.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck([...KINDS, 'duplicate_refund_notice', 'admin_refund_failed']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind IN ('duplicate_refund_notice', 'admin_refund_failed')`);
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck(KINDS));
}
