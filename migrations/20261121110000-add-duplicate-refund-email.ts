import type { Knex } from 'knex';

const KINDS = ['confirmation', 'admin_notification', 'refund_notice', 'admin_refund_notice'];

function kindCheck(kinds: string[]): string {
  return `ALTER TABLE email_messages ADD CONSTRAINT email_messages_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`;
}

/** A second payment for a registration that is already paid is refunded, and the buyer is told. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck([...KINDS, 'duplicate_refund_notice']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind = 'duplicate_refund_notice'`);
  await knex.raw('ALTER TABLE email_messages DROP CONSTRAINT IF EXISTS email_messages_kind_check');
  await knex.raw(kindCheck(KINDS));
}
