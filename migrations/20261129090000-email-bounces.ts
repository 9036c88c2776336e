import type { Knex } from 'knex';

/**
 * An email SendGrid accepted can still fail to arrive: the receiving server bounces it, or SendGrid
 * drops it (an address that bounced before). Its Event Webhook says so; the email keeps status
 * `sent` (it left us) and records when and why it did not arrive. The partial index serves the
 * metrics scrape, which counts them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_messages', (t) => {
    t.timestamp('bounced_at', { useTz: true }).nullable();
    t.text('bounce_reason').nullable();
  });
  await knex.raw('CREATE INDEX IF NOT EXISTS email_messages_bounced_idx ON email_messages (kind) WHERE bounced_at IS NOT NULL');
  await knex.raw('CREATE INDEX IF NOT EXISTS email_messages_provider_message_idx ON email_messages (provider_message_id) WHERE provider_message_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS email_messages_provider_message_idx');
  await knex.raw('DROP INDEX IF EXISTS email_messages_bounced_idx');
  await knex.schema.alterTable('email_messages', (t) => {
    t.dropColumn('bounce_reason');
    t.dropColumn('bounced_at');
  });
}
