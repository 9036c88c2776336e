import type { Knex } from 'knex';
import { addRepeatableKind, removeRepeatableKind } from './support/repeatable-email-kinds';

/**
 * After the workshop (issue 26, points 5 and 7). `recording_url`: where the organiser put the
 * recording; attendees reach it only through their seat's own link, for 30 days after the end,
 * each open recorded. `followed_up_at`: the one "Thank you for attending" run for the workshop
 * has been made (claimed by the instance that made it, so two never both send). Workshops already
 * over when this lands count as followed up: nobody gets a thank-you weeks late. Feedback: one
 * answer per seat, with the workshop it was about. Certificates (point 6): one per seat that
 * attended, its public id in its verification address `/certificates/<id>`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE workshops
      ADD COLUMN IF NOT EXISTS recording_url text NULL CHECK (recording_url IS NULL OR length(recording_url) <= 2000),
      ADD COLUMN IF NOT EXISTS followed_up_at timestamptz NULL`);
  await knex.raw(`UPDATE workshops SET followed_up_at = now() WHERE followed_up_at IS NULL AND date + make_interval(hours => duration_hours) <= now()`);
  // The sweep's question: which workshops have ended and not been followed up.
  await knex.raw(`CREATE INDEX IF NOT EXISTS workshops_follow_up_idx ON workshops (date) WHERE followed_up_at IS NULL AND status <> 'cancelled'`);
  await knex.raw(`
    ALTER TABLE attendees
      ADD COLUMN IF NOT EXISTS recording_first_opened_at timestamptz NULL,
      ADD COLUMN IF NOT EXISTS recording_last_opened_at timestamptz NULL`);
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS workshop_feedback (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      attendee_id uuid NULL UNIQUE REFERENCES attendees(id) ON DELETE SET NULL,
      workshop_id uuid NOT NULL REFERENCES workshops(id) ON DELETE CASCADE,
      rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS workshop_feedback_workshop_idx ON workshop_feedback (workshop_id)');
  // A certificate states what it was issued for as it was then: a later edit of the workshop does not change it; a reissue does.
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS certificates (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{20}$'),
      attendee_id uuid NULL UNIQUE REFERENCES attendees(id) ON DELETE SET NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      workshop_title text NOT NULL,
      workshop_date timestamptz NOT NULL,
      hours smallint NOT NULL,
      issued_at timestamptz NOT NULL DEFAULT now(),
      reissued_at timestamptz NULL
    )`);
  // An answer and a certificate are their person's, about that workshop: a new person on the seat
  // (a transfer, a rename) or a move to another workshop lets go of them (they stay, for the
  // workshop's figures and the certificate's link), and the seat starts afresh. A clear of the
  // booking lets go of them the same way.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_let_go_of_answers() RETURNS trigger AS $$
    BEGIN
      UPDATE workshop_feedback SET attendee_id = NULL WHERE attendee_id = NEW.id;
      UPDATE certificates SET attendee_id = NULL WHERE attendee_id = NEW.id;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS attendees_let_go_of_answers ON attendees');
  await knex.raw(`
    CREATE TRIGGER attendees_let_go_of_answers AFTER UPDATE OF email, workshop_id ON attendees
      FOR EACH ROW WHEN (lower(coalesce(OLD.email, '')) IS DISTINCT FROM lower(coalesce(NEW.email, '')) OR OLD.workshop_id IS DISTINCT FROM NEW.workshop_id)
      EXECUTE FUNCTION attendees_let_go_of_answers()`);
  await addRepeatableKind(knex, 'after_workshop');
}

export async function down(knex: Knex): Promise<void> {
  await removeRepeatableKind(knex, 'after_workshop');
  await knex.raw('DROP TRIGGER IF EXISTS attendees_let_go_of_answers ON attendees');
  await knex.raw('DROP FUNCTION IF EXISTS attendees_let_go_of_answers()');
  await knex.raw('DROP TABLE IF EXISTS certificates');
  await knex.raw('DROP TABLE IF EXISTS workshop_feedback');
  await knex.raw('ALTER TABLE attendees DROP COLUMN IF EXISTS recording_last_opened_at, DROP COLUMN IF EXISTS recording_first_opened_at');
  await knex.raw('DROP INDEX IF EXISTS workshops_follow_up_idx');
  await knex.raw('ALTER TABLE workshops DROP COLUMN IF EXISTS followed_up_at, DROP COLUMN IF EXISTS recording_url');
}
