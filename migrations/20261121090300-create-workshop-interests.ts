import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The issue/question text gets its own column rather than riding in phone (SPEC §3's quirk).
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS workshop_interests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
      phone text NOT NULL DEFAULT '' CHECK (length(phone) <= 15),
      message text NOT NULL DEFAULT '' CHECK (length(message) <= 1000),
      source text NOT NULL DEFAULT 'interest' CHECK (source IN ('interest', 'issue', 'question', 'contact')),
      status text NOT NULL DEFAULT 'interested' CHECK (status IN ('interested', 'contacted', 'converted')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS interests_created_at_idx ON workshop_interests (created_at DESC)');
  await knex.raw('CREATE INDEX IF NOT EXISTS interests_status_created_idx ON workshop_interests (status, created_at DESC)');
  for (const col of ['name', 'email', 'phone']) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS interests_${col}_trgm_idx ON workshop_interests USING gin (lower(${col}) gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS workshop_interests');
}
