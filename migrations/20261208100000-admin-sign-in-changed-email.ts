import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * An admin hears at their own address when a way to sign in as them is added or taken away (an
 * authenticator app turned on or off, a passkey added or removed): OWASP ASVS 2.2.3, issue 24.
 * Not of a registration: one email per change.
 */
const KIND = 'admin_sign_in_changed';

export async function up(knex: Knex): Promise<void> {
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [KIND]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('email_messages').where({ kind: KIND }).delete();
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], [KIND]);
}
