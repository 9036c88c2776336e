import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Registrations are what people paid for: a workshop with any cannot be deleted (RESTRICT).
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS workshop_registrations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
      phone text NOT NULL DEFAULT '' CHECK (length(phone) <= 15),
      workshop_id uuid NOT NULL REFERENCES workshops(id) ON DELETE RESTRICT,
      access_id text NOT NULL UNIQUE,
      payment_id text NULL,
      provider_order_id text NULL,
      amount integer NOT NULL CHECK (amount >= 0),
      currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
      payment_method text NULL CHECK (payment_method IN ('paypal', 'razorpay')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed', 'refunded')),
      hold_expires_at timestamptz NULL,
      status_reason text NULL,
      completed_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'completed' OR payment_id IS NOT NULL)
    )`);
  await knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS registrations_provider_order_key ON workshop_registrations (payment_method, provider_order_id) WHERE provider_order_id IS NOT NULL');
  await knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS registrations_payment_id_key ON workshop_registrations (payment_method, payment_id) WHERE payment_id IS NOT NULL');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_created_at_idx ON workshop_registrations (created_at DESC)');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_seats_idx ON workshop_registrations (workshop_id, status, hold_expires_at)');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_status_created_idx ON workshop_registrations (status, created_at DESC)');
  // The admin search is a case-insensitive substring match; trigram indexes keep it fast at 100k rows.
  for (const col of ['name', 'email', 'access_id']) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS registrations_${col}_trgm_idx ON workshop_registrations USING gin (lower(${col}) gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS workshop_registrations');
}
