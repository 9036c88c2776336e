import type { Knex } from 'knex';

/**
 * The admin at 100k registrations.
 *
 * 1. Paging indexes in the list's own order (newest first, id breaking ties), plain, by status and
 *    by workshop: a page's ids come from an index-only scan, however deep the page.
 * 2. `registration_tallies`: how many registrations and how much money each (workshop, status)
 *    holds, for the SPEC's totals without counting 100k rows on every dashboard or list call.
 *    Statement triggers append one signed row per (workshop, status) a statement changed (never
 *    an update of a shared row, so concurrent checkouts never wait on one another here); a
 *    reader sums the rows, which is exact at its snapshot, and a periodic compaction folds them
 *    into one row per (workshop, status) again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_created_id_idx ON workshop_registrations (created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_status_created_id_idx ON workshop_registrations (status, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_workshop_created_id_idx ON workshop_registrations (workshop_id, created_at DESC, id DESC)');
  // The new ones serve everything these did (same leading columns).
  await knex.raw('DROP INDEX IF EXISTS registrations_created_at_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_status_created_idx');

  await knex.raw(`
    CREATE TABLE IF NOT EXISTS registration_tallies (
      workshop_id uuid NOT NULL,
      status text NOT NULL,
      registrations bigint NOT NULL,
      amount_cents bigint NOT NULL
    )`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_insert() RETURNS trigger AS $$
    BEGIN
      INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents)
      SELECT workshop_id, status, count(*), coalesce(sum(amount), 0) FROM tally_new GROUP BY workshop_id, status;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  // An update that changes none of workshop, status or amount nets to nothing and writes nothing.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_update() RETURNS trigger AS $$
    BEGIN
      INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents)
      SELECT workshop_id, status, sum(n), sum(a)
        FROM (SELECT workshop_id, status, 1 AS n, amount::bigint AS a FROM tally_new
              UNION ALL
              SELECT workshop_id, status, -1, -amount::bigint FROM tally_old) d
       GROUP BY workshop_id, status
      HAVING sum(n) <> 0 OR sum(a) <> 0;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_delete() RETURNS trigger AS $$
    BEGIN
      INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents)
      SELECT workshop_id, status, -count(*), -coalesce(sum(amount), 0) FROM tally_old GROUP BY workshop_id, status;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_truncate() RETURNS trigger AS $$
    BEGIN
      DELETE FROM registration_tallies;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE TRIGGER registration_tallies_insert AFTER INSERT ON workshop_registrations
      REFERENCING NEW TABLE AS tally_new FOR EACH STATEMENT EXECUTE FUNCTION registration_tallies_insert()`);
  await knex.raw(`
    CREATE OR REPLACE TRIGGER registration_tallies_update AFTER UPDATE ON workshop_registrations
      REFERENCING OLD TABLE AS tally_old NEW TABLE AS tally_new FOR EACH STATEMENT EXECUTE FUNCTION registration_tallies_update()`);
  await knex.raw(`
    CREATE OR REPLACE TRIGGER registration_tallies_delete AFTER DELETE ON workshop_registrations
      REFERENCING OLD TABLE AS tally_old FOR EACH STATEMENT EXECUTE FUNCTION registration_tallies_delete()`);
  await knex.raw(`
    CREATE OR REPLACE TRIGGER registration_tallies_truncate AFTER TRUNCATE ON workshop_registrations
      FOR EACH STATEMENT EXECUTE FUNCTION registration_tallies_truncate()`);
  // The rows already there, under a lock so none is written between the count and the triggers.
  await knex.raw('LOCK TABLE workshop_registrations IN SHARE MODE');
  await knex.raw('DELETE FROM registration_tallies');
  await knex.raw(`
    INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents)
    SELECT workshop_id, status, count(*), coalesce(sum(amount), 0) FROM workshop_registrations GROUP BY workshop_id, status`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['insert', 'update', 'delete', 'truncate']) {
    await knex.raw(`DROP TRIGGER IF EXISTS registration_tallies_${t} ON workshop_registrations`);
    await knex.raw(`DROP FUNCTION IF EXISTS registration_tallies_${t}()`);
  }
  await knex.raw('DROP TABLE IF EXISTS registration_tallies');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_created_at_idx ON workshop_registrations (created_at DESC)');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_status_created_idx ON workshop_registrations (status, created_at DESC)');
  await knex.raw('DROP INDEX IF EXISTS registrations_workshop_created_id_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_status_created_id_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_created_id_idx');
}
