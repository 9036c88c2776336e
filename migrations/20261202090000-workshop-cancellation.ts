import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * An organiser calls a workshop off: `status` becomes 'cancelled' with when and why, once and
 * for good (the database refuses a way back, so no edit can put a cancelled workshop on sale
 * again while its refunds are going out). Its line ends with it (`waitlist_entries.status`
 * 'cancelled'), and the people in it are told (`waitlist_cancelled` email).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE workshops
      ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
      ADD COLUMN IF NOT EXISTS cancelled_at timestamptz NULL,
      ADD COLUMN IF NOT EXISTS cancel_reason text NULL CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 500)`);
  await knex.raw('ALTER TABLE workshops DROP CONSTRAINT IF EXISTS workshops_cancelled_when');
  await knex.raw(`ALTER TABLE workshops ADD CONSTRAINT workshops_cancelled_when CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL) AND (status = 'cancelled' OR cancel_reason IS NULL))`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION workshops_stay_cancelled() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'cancelled' AND (NEW.status <> 'cancelled' OR NEW.registration_open) THEN
        RAISE EXCEPTION 'workshop % is cancelled: it cannot be scheduled or opened again', OLD.id USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('DROP TRIGGER IF EXISTS workshops_stay_cancelled ON workshops');
  await knex.raw('CREATE TRIGGER workshops_stay_cancelled BEFORE UPDATE ON workshops FOR EACH ROW EXECUTE FUNCTION workshops_stay_cancelled()');
  await extendInCheck(knex, 'waitlist_entries', 'waitlist_entries_status_check', 'status', ['cancelled']);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', ['waitlist_cancelled']);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind = 'waitlist_cancelled'`);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], ['waitlist_cancelled']);
  await knex.raw(`UPDATE waitlist_entries SET status = 'left' WHERE status = 'cancelled'`);
  await extendInCheck(knex, 'waitlist_entries', 'waitlist_entries_status_check', 'status', [], ['cancelled']);
  await knex.raw('DROP TRIGGER IF EXISTS workshops_stay_cancelled ON workshops');
  await knex.raw('DROP FUNCTION IF EXISTS workshops_stay_cancelled()');
  await knex.raw('ALTER TABLE workshops DROP CONSTRAINT IF EXISTS workshops_cancelled_when');
  await knex.raw('ALTER TABLE workshops DROP COLUMN IF EXISTS cancel_reason, DROP COLUMN IF EXISTS cancelled_at, DROP COLUMN IF EXISTS status');
}
