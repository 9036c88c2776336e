import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // People to win back: abandoned checkouts land here automatically, admins add others.
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS revive (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      email text NOT NULL DEFAULT '' CHECK (length(email) <= 255),
      source text NOT NULL DEFAULT 'admin' CHECK (source IN ('admin', 'abandoned_checkout')),
      registration_id uuid NULL UNIQUE REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS revive_created_at_idx ON revive (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS revive');
}
