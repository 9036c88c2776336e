import type { Knex } from 'knex';

/**
 * A goodwill refund is a decision an admin makes once: the dialog names it with its own id, and
 * the same id again (a second click, a request retried after a lost answer) is answered with the
 * first decision instead of giving the money back twice. Kept with the booking (cleared with it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS goodwill_requests (
      request_id uuid PRIMARY KEY,
      registration_id uuid NOT NULL REFERENCES workshop_registrations(id) ON DELETE CASCADE,
      refund_cents integer NOT NULL CHECK (refund_cents >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS goodwill_requests_registration_idx ON goodwill_requests (registration_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS goodwill_requests');
}
