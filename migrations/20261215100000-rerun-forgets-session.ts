import type { Knex } from 'knex';

/**
 * A workshop whose session has ended, moved to a start still to come (the host was ill: it runs
 * again), forgets what that session recorded (an overrun's longer duration, or a start corrected to
 * a moment already past, is the same session: it keeps it): its seats' joins and attendance marks, and the
 * certificates issued for it, which certified a session that is being run again. Feedback stays
 * (it is about the workshop). Done by the database, so every path that moves a date agrees.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION workshops_rerun_forgets_session() RETURNS trigger AS $$
    BEGIN
      UPDATE attendees SET first_joined_at = NULL, last_joined_at = NULL, attendance_mark = NULL, attendance_marked_at = NULL
        WHERE workshop_id = NEW.id AND (first_joined_at IS NOT NULL OR attendance_mark IS NOT NULL);
      DELETE FROM certificates c USING attendees a WHERE c.attendee_id = a.id AND a.workshop_id = NEW.id;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS workshops_rerun_forgets_session ON workshops');
  await knex.raw(`
    CREATE TRIGGER workshops_rerun_forgets_session AFTER UPDATE OF date ON workshops
      FOR EACH ROW WHEN (OLD.date + make_interval(hours => OLD.duration_hours) <= now() AND NEW.date > now())
      EXECUTE FUNCTION workshops_rerun_forgets_session()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS workshops_rerun_forgets_session ON workshops');
  await knex.raw('DROP FUNCTION IF EXISTS workshops_rerun_forgets_session()');
}
