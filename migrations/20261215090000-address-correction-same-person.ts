import type { Knex } from 'knex';

const NEW_TOKEN = `translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`;

/**
 * A corrected address is the same person (a bounce's "Correct email and resend", an admin's edit of
 * the buyer's details): the seat gets a new link (the old one went to the wrong address), but keeps
 * its joins, its attendance mark, its feedback and its certificate. The correction says so for its
 * own statement with the transaction-local `app.same_person` (attendees.queries.ts `asSamePerson`);
 * every other change of address (a transfer, a rename) is a new person, as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_new_join_token() RETURNS trigger AS $$
    BEGIN
      NEW.join_token := ${NEW_TOKEN};
      IF coalesce(current_setting('app.same_person', true), '') <> 'on' THEN
        NEW.first_joined_at := NULL;
        NEW.last_joined_at := NULL;
        NEW.attendance_mark := NULL;
        NEW.attendance_marked_at := NULL;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_let_go_of_answers() RETURNS trigger AS $$
    BEGIN
      IF OLD.workshop_id IS NOT DISTINCT FROM NEW.workshop_id AND coalesce(current_setting('app.same_person', true), '') = 'on' THEN
        RETURN NULL;
      END IF;
      UPDATE workshop_feedback SET attendee_id = NULL WHERE attendee_id = NEW.id;
      UPDATE certificates SET attendee_id = NULL WHERE attendee_id = NEW.id;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_new_join_token() RETURNS trigger AS $$
    BEGIN
      NEW.join_token := ${NEW_TOKEN};
      NEW.first_joined_at := NULL;
      NEW.last_joined_at := NULL;
      NEW.attendance_mark := NULL;
      NEW.attendance_marked_at := NULL;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION attendees_let_go_of_answers() RETURNS trigger AS $$
    BEGIN
      UPDATE workshop_feedback SET attendee_id = NULL WHERE attendee_id = NEW.id;
      UPDATE certificates SET attendee_id = NULL WHERE attendee_id = NEW.id;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
}
