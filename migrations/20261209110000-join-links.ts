import type { Knex } from 'knex';

/** 32 random bytes (two v4 UUIDs' worth), base64url without padding: 43 characters. */
const RANDOM_TOKEN = `translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`;

/**
 * Tracked join links (issue 26, point 3): every seat has its own `/join/<token>`, which redirects
 * to the meeting during the workshop and records when its attendee first and last came in.
 *
 * The token is kept as it is (not hashed, unlike booking links): emails written at any time (a
 * reminder a day before) must carry it, and what it opens, the meeting address, is in this
 * database already. It changes with the seat's person (a rename, a transfer, a corrected
 * address), so a link passed on earlier stops working, and that person's joins start afresh.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE attendees
      ADD COLUMN IF NOT EXISTS join_token text NULL,
      ADD COLUMN IF NOT EXISTS first_joined_at timestamptz NULL,
      ADD COLUMN IF NOT EXISTS last_joined_at timestamptz NULL`);
  await knex.raw(`UPDATE attendees SET join_token = ${RANDOM_TOKEN} WHERE join_token IS NULL`);
  await knex.raw(`ALTER TABLE attendees ALTER COLUMN join_token SET DEFAULT ${RANDOM_TOKEN}, ALTER COLUMN join_token SET NOT NULL`);
  await knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS attendees_join_token_key ON attendees (join_token)');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_new_join_token() RETURNS trigger AS $$
    BEGIN
      NEW.join_token := ${RANDOM_TOKEN};
      NEW.first_joined_at := NULL;
      NEW.last_joined_at := NULL;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS attendees_new_join_token ON attendees');
  await knex.raw(`
    CREATE TRIGGER attendees_new_join_token BEFORE UPDATE OF email ON attendees
      FOR EACH ROW WHEN (lower(coalesce(OLD.email, '')) IS DISTINCT FROM lower(coalesce(NEW.email, '')))
      EXECUTE FUNCTION attendees_new_join_token()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS attendees_new_join_token ON attendees');
  await knex.raw('DROP FUNCTION IF EXISTS attendees_new_join_token()');
  await knex.raw('DROP INDEX IF EXISTS attendees_join_token_key');
  await knex.raw('ALTER TABLE attendees DROP COLUMN IF EXISTS last_joined_at, DROP COLUMN IF EXISTS first_joined_at, DROP COLUMN IF EXISTS join_token');
}
