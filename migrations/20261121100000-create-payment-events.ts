import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Every provider event (webhook, capture, verified payment) under its provider's id:
  // a replay hits the unique key, so it is recognised by the database, not by memory.
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS payment_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider text NOT NULL CHECK (provider IN ('paypal', 'razorpay')),
      event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
      event_type text NOT NULL,
      registration_id uuid NULL REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      outcome text NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz NULL,
      UNIQUE (provider, event_id)
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS payment_events_registration_idx ON payment_events (registration_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS payment_events');
}
