import type { Knex } from 'knex';

/**
 * The emails not sent (queued or given up on), found by index rather than by scanning every email
 * ever sent: GET /metrics reads them on every scrape (server/src/metrics), and they are few.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX IF NOT EXISTS email_messages_unsent_idx ON email_messages (status, created_at) WHERE status <> 'sent'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS email_messages_unsent_idx');
}
