import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS workshops (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
      date timestamptz NOT NULL,
      duration_hours integer NOT NULL CHECK (duration_hours BETWEEN 1 AND 24),
      price_usd_cents integer NOT NULL CHECK (price_usd_cents >= 0),
      max_participants integer NULL CHECK (max_participants IS NULL OR max_participants >= 1),
      is_active boolean NOT NULL DEFAULT true,
      registration_open boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS workshops_active_date_idx ON workshops (date) WHERE is_active');
  await knex.raw('CREATE INDEX IF NOT EXISTS workshops_created_at_idx ON workshops (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS workshops');
}
