import type { Knex } from 'knex';

/**
 * Erasure on request (issue 27, point 2). `privacy_scrub` blanks, inside a JSON document, every
 * string that mentions one of a person's needles as a whole (their email, phone, full name) or sits under one of
 * the given keys (a provider's payload names its payer under its own keys); identifiers (keys
 * ending in "id") are left alone so records still join. The admin activity log stays append-only
 * except for that one sanctioned rewrite, asked for by a transaction-local setting the erasure sets.
 * A request records what it did (`outcome`), who asked on the person's behalf and why.
 */
export async function up(knex: Knex): Promise<void> {
  // A mention is the needle as a whole: jim@example.com is not in buyerjim@example.com, nor in jim@example.com.au.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION privacy_mentions(s text, n text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      hay text := lower(s);
      pin text := lower(n);
      at int;
      start int := 1;
      before text;
      after text;
      beyond text;
    BEGIN
      IF length(pin) < 4 THEN RETURN false; END IF;
      LOOP
        at := strpos(substr(hay, start), pin);
        IF at = 0 THEN RETURN false; END IF;
        at := at + start - 1;
        before := CASE WHEN at = 1 THEN '' ELSE substr(hay, at - 1, 1) END;
        after := substr(hay, at + length(pin), 1);
        beyond := substr(hay, at + length(pin) + 1, 1);
        IF (before = '' OR before !~ '[[:alnum:]._%+-]')
           AND (after = '' OR after !~ '[[:alnum:]_%+.-]' OR (after = '.' AND (beyond = '' OR beyond !~ '[[:alnum:]]'))) THEN
          RETURN true;
        END IF;
        start := at + 1;
      END LOOP;
    END $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION privacy_scrub(j jsonb, needles text[], pii_keys text[] DEFAULT '{}') RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      t text := jsonb_typeof(j);
      s text;
      n text;
    BEGIN
      IF t = 'object' THEN
        RETURN (SELECT coalesce(jsonb_object_agg(k, CASE
                  WHEN lower(k) ~ '(^|_)id$' THEN v
                  WHEN jsonb_typeof(v) = 'string' AND lower(k) = ANY (pii_keys) AND v #>> '{}' <> '' THEN to_jsonb('[erased]'::text)
                  ELSE privacy_scrub(v, needles, pii_keys) END), '{}'::jsonb)
                FROM jsonb_each(j) AS e(k, v));
      ELSIF t = 'array' THEN
        RETURN (SELECT coalesce(jsonb_agg(privacy_scrub(v, needles, pii_keys) ORDER BY i), '[]'::jsonb)
                FROM jsonb_array_elements(j) WITH ORDINALITY AS e(v, i));
      ELSIF t = 'string' THEN
        s := j #>> '{}';
        FOREACH n IN ARRAY needles LOOP
          IF privacy_mentions(s, n) THEN RETURN to_jsonb('[erased]'::text); END IF;
        END LOOP;
        RETURN j;
      END IF;
      RETURN j;
    END $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION admin_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND current_setting('app.privacy_erasure', true) = 'on' THEN RETURN NULL; END IF;
      RAISE EXCEPTION 'admin_activity is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`);
  await knex.raw(`
    ALTER TABLE privacy_requests
      ADD COLUMN IF NOT EXISTS outcome jsonb NULL,
      ADD COLUMN IF NOT EXISTS requested_by uuid NULL REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN IF NOT EXISTS reason text NULL CHECK (length(reason) <= 500)`);
  // A person's records are found by their address, in every table that holds it (export, erasure).
  for (const [table, column] of PERSON_LOOKUPS) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${table}_person_idx ON ${table} (lower(${column}))`);
  }
}

const PERSON_LOOKUPS = [
  ['email_messages', 'to_email'],
  ['video_leads', 'email'],
  ['revive', 'email'],
  ['waitlist_entries', 'email'],
  ['checkout_recoveries', 'email'],
] as const;

export async function down(knex: Knex): Promise<void> {
  for (const [table] of PERSON_LOOKUPS) await knex.raw(`DROP INDEX IF EXISTS ${table}_person_idx`);
  await knex.raw('ALTER TABLE privacy_requests DROP COLUMN IF EXISTS outcome, DROP COLUMN IF EXISTS requested_by, DROP COLUMN IF EXISTS reason');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION admin_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'admin_activity is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`);
  await knex.raw('DROP FUNCTION IF EXISTS privacy_scrub(jsonb, text[], text[])');
  await knex.raw('DROP FUNCTION IF EXISTS privacy_mentions(text, text)');
}
