import type { Knex } from 'knex';

/**
 * A booking's emails were found through an index that leaves out the kinds sent more than once
 * (resends, attendee emails), so its detail page and the Needs Attention list's "last access
 * email to this address" read the whole table as it grew. One index finds them, newest last.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS email_messages_registration_idx ON email_messages (registration_id, created_at) WHERE registration_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS email_messages_registration_idx');
}
