import type { Knex } from 'knex';

/**
 * Attendance (issue 26, point 4): an admin can mark a seat attended or absent by hand, which
 * outranks what its join link recorded (someone who came in by a link a colleague forwarded,
 * someone who clicked and left at once). Both belong to the seat's person in the seat's workshop:
 * a new person (the join-links trigger) or a move to another workshop starts them afresh.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE attendees
      ADD COLUMN IF NOT EXISTS attendance_mark text NULL CHECK (attendance_mark IN ('attended', 'absent')),
      ADD COLUMN IF NOT EXISTS attendance_marked_at timestamptz NULL`);
  // The workshop's seats, read for its attendance and its card's rate.
  await knex.raw('CREATE INDEX IF NOT EXISTS attendees_workshop_idx ON attendees (workshop_id) WHERE status = \'active\'');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_attendance_afresh() RETURNS trigger AS $$
    BEGIN
      NEW.first_joined_at := NULL;
      NEW.last_joined_at := NULL;
      NEW.attendance_mark := NULL;
      NEW.attendance_marked_at := NULL;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS attendees_attendance_afresh ON attendees');
  await knex.raw(`
    CREATE TRIGGER attendees_attendance_afresh BEFORE UPDATE OF workshop_id ON attendees
      FOR EACH ROW WHEN (OLD.workshop_id IS DISTINCT FROM NEW.workshop_id)
      EXECUTE FUNCTION attendees_attendance_afresh()`);
  // A new person on the seat: their own link (join-links migration) and their own attendance.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_new_join_token() RETURNS trigger AS $$
    BEGIN
      NEW.join_token := translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_');
      NEW.first_joined_at := NULL;
      NEW.last_joined_at := NULL;
      NEW.attendance_mark := NULL;
      NEW.attendance_marked_at := NULL;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_new_join_token() RETURNS trigger AS $$
    BEGIN
      NEW.join_token := translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_');
      NEW.first_joined_at := NULL;
      NEW.last_joined_at := NULL;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS attendees_attendance_afresh ON attendees');
  await knex.raw('DROP FUNCTION IF EXISTS attendees_attendance_afresh()');
  await knex.raw('DROP INDEX IF EXISTS attendees_workshop_idx');
  await knex.raw('ALTER TABLE attendees DROP COLUMN IF EXISTS attendance_marked_at, DROP COLUMN IF EXISTS attendance_mark');
}
