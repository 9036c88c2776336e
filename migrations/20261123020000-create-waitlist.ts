import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * The waitlist of a sold-out or closed workshop. An entry waits, is offered a seat (held for
 * it until offer_expires_at, database clock), then books, lets the offer expire or leaves.
 * registration_id is the checkout the offered person started with their link: while that
 * checkout holds or has the seat, the offer is not counted a second time.
 *
 * Every change that can free a seat (a registration leaving pending/completed or deleted, a
 * capacity raised, registration reopened) queues the workshop's offer job from a trigger, so
 * no code path that frees a seat can forget it; the job itself decides under the row lock.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS waitlist_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workshop_id uuid NOT NULL REFERENCES workshops(id) ON DELETE CASCADE,
      name text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'expired', 'left')),
      offer_count integer NOT NULL DEFAULT 0,
      offered_at timestamptz NULL,
      offer_expires_at timestamptz NULL,
      offered_by text NULL CHECK (offered_by IN ('auto', 'admin')),
      token_hash text NULL UNIQUE,
      registration_id uuid NULL REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'offered' OR offer_expires_at IS NOT NULL)
    )`);
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS waitlist_entries_one_per_email ON waitlist_entries (workshop_id, lower(email)) WHERE status IN ('waiting', 'offered')`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS waitlist_entries_line ON waitlist_entries (workshop_id, status, created_at)`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS waitlist_entries_registration ON waitlist_entries (registration_id) WHERE registration_id IS NOT NULL`);

  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', ['waitlist']);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', ['waitlist_offer']);

  await knex.raw(`
    CREATE OR REPLACE FUNCTION waitlist_queue_offers(wid uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM waitlist_entries WHERE workshop_id = wid AND status IN ('waiting', 'offered')) THEN
        PERFORM graphile_worker.add_job('waitlist_offers', json_build_object('workshop_id', wid), max_attempts => 10, job_key => 'waitlist_offers:' || wid);
      END IF;
    END $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION waitlist_seat_freed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM waitlist_queue_offers(OLD.workshop_id);
      ELSIF OLD.status IN ('pending', 'completed') AND NEW.status NOT IN ('pending', 'completed') THEN
        PERFORM waitlist_queue_offers(NEW.workshop_id);
      ELSIF OLD.workshop_id <> NEW.workshop_id THEN
        PERFORM waitlist_queue_offers(OLD.workshop_id);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`DROP TRIGGER IF EXISTS workshop_registrations_waitlist ON workshop_registrations`);
  await knex.raw(`CREATE TRIGGER workshop_registrations_waitlist AFTER UPDATE OF status, workshop_id OR DELETE ON workshop_registrations FOR EACH ROW EXECUTE FUNCTION waitlist_seat_freed()`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION waitlist_workshop_opened() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (NEW.max_participants IS NULL AND OLD.max_participants IS NOT NULL) OR NEW.max_participants > OLD.max_participants
         OR (NEW.registration_open AND NOT OLD.registration_open) OR (NEW.is_active AND NOT OLD.is_active) THEN
        PERFORM waitlist_queue_offers(NEW.id);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`DROP TRIGGER IF EXISTS workshops_waitlist ON workshops`);
  await knex.raw(`CREATE TRIGGER workshops_waitlist AFTER UPDATE OF max_participants, registration_open, is_active ON workshops FOR EACH ROW EXECUTE FUNCTION waitlist_workshop_opened()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TRIGGER IF EXISTS workshops_waitlist ON workshops`);
  await knex.raw(`DROP TRIGGER IF EXISTS workshop_registrations_waitlist ON workshop_registrations`);
  await knex.raw(`DROP FUNCTION IF EXISTS waitlist_workshop_opened()`);
  await knex.raw(`DROP FUNCTION IF EXISTS waitlist_seat_freed()`);
  await knex.raw(`DROP FUNCTION IF EXISTS waitlist_queue_offers(uuid)`);
  await knex.raw(`DELETE FROM email_messages WHERE kind = 'waitlist_offer'`);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], ['waitlist_offer']);
  await knex.raw(`DELETE FROM admin_settings WHERE setting_key = 'waitlist'`);
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', [], ['waitlist']);
  await knex.raw(`DROP TABLE IF EXISTS waitlist_entries`);
}
