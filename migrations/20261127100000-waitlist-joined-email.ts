import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * "You're on the waitlist": someone who joins a line is told so by email, with a link to leave
 * it. That link is the entry's own for as long as it lives (`leave_token_hash`); each offer's
 * links are made afresh (`token_hash`) and never replace it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE waitlist_entries ADD COLUMN IF NOT EXISTS leave_token_hash text UNIQUE');
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', ['waitlist_joined']);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind = 'waitlist_joined'`);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], ['waitlist_joined']);
  await knex.raw('ALTER TABLE waitlist_entries DROP COLUMN IF EXISTS leave_token_hash');
}
