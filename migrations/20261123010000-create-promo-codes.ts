import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Uses are never stored: they are counted from registrations, so they cannot drift.
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS promo_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
      kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
      value integer NOT NULL CHECK (value >= 1 AND (kind <> 'percent' OR value <= 100)),
      workshop_id uuid NULL REFERENCES workshops(id) ON DELETE CASCADE,
      starts_at timestamptz NULL,
      ends_at timestamptz NULL,
      max_uses integer NULL CHECK (max_uses >= 1),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS promo_codes');
}
