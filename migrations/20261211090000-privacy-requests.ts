import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * Requests by a person about their data (issue 27, point 2): asked for an address, confirmed from
 * that address's inbox by a single-use link (only its hash kept) valid for 24 hours. `found`:
 * whether anything was held, once answered. `via`: the person, or an owner on their behalf.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS privacy_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
      kind text NOT NULL CHECK (kind IN ('export', 'erasure')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      via text NOT NULL DEFAULT 'person' CHECK (via IN ('person', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      confirmed_at timestamptz NULL,
      completed_at timestamptz NULL,
      found boolean NULL
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS privacy_requests_email_idx ON privacy_requests (lower(email), created_at DESC)');
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', ['privacy_confirm']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('email_messages').where({ kind: 'privacy_confirm' }).delete();
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], ['privacy_confirm']);
  await knex.raw('DROP TABLE IF EXISTS privacy_requests');
}
