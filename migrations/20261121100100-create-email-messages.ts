import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Our own record of every email: the job queue deletes finished jobs, and the
  // (registration, kind) key keeps a replayed payment from emailing twice.
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS email_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      registration_id uuid NULL REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('confirmation', 'admin_notification', 'refund_notice', 'admin_refund_notice')),
      to_email text NOT NULL CHECK (length(to_email) BETWEEN 3 AND 255),
      subject text NOT NULL,
      -- What was sent (subject, text, html, attachments), rendered when the email was queued.
      content jsonb NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text NULL,
      provider_message_id text NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz NULL,
      UNIQUE (registration_id, kind)
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS email_messages_created_at_idx ON email_messages (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS email_messages');
}
