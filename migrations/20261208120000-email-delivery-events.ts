import type { Knex } from 'knex';

/**
 * What SendGrid's Event Webhook says became of each email it accepted (issue 26, point 1):
 * every delivered, deferred, bounce, dropped and spam-report event with its time and reason, once
 * per SendGrid event id (it delivers a batch again when it got no answer); and on the email row
 * the state they add up to, for lists that must not read every event.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS email_delivery_events (
      id bigserial PRIMARY KEY,
      email_message_id uuid NOT NULL REFERENCES email_messages(id) ON DELETE CASCADE,
      sg_event_id text NULL,
      event text NOT NULL CHECK (event IN ('delivered', 'deferred', 'bounced', 'dropped', 'spam_report')),
      reason text NULL,
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS email_delivery_events_sg_event_key ON email_delivery_events (sg_event_id) WHERE sg_event_id IS NOT NULL');
  await knex.raw('CREATE INDEX IF NOT EXISTS email_delivery_events_message_idx ON email_delivery_events (email_message_id, occurred_at)');
  await knex.raw(`ALTER TABLE email_messages ADD COLUMN IF NOT EXISTS delivery text NULL CHECK (delivery IN ('delivered', 'deferred', 'bounced', 'dropped', 'spam_report'))`);
  await knex.raw('ALTER TABLE email_messages ADD COLUMN IF NOT EXISTS delivery_at timestamptz NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE email_messages DROP COLUMN IF EXISTS delivery_at, DROP COLUMN IF EXISTS delivery');
  await knex.raw('DROP TABLE IF EXISTS email_delivery_events');
}
