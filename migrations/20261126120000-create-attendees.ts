import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/** Emails a registration may get more than once; each names its own dedupe_key (one per attendee). */
const REPEATABLE = ['confirmation_resend', 'workshop_updated', 'attendee_message', 'attendee_confirmation', 'attendee_reminder_24h', 'attendee_reminder_1h', 'seat_cancelled'];
const REPEATABLE_BEFORE = ['confirmation_resend', 'workshop_updated', 'attendee_message'];
const NEW_KINDS = ['attendee_confirmation', 'attendee_reminder_24h', 'attendee_reminder_1h', 'seat_cancelled'];
const list = (xs: string[]) => xs.map((k) => `'${k}'`).join(', ');

/**
 * Team bookings: a registration is an order of 1 to 10 seats, each seat an attendee row.
 *
 * - `seats_bought`: the seats the order paid for (its amount is `unit_amount` × `seats_bought`);
 *   `seats`: the seats it holds now (a seat cancelled gives its place back). The seat count sums
 *   `seats` over the orders that hold them.
 * - `attendees`: one row per seat, created with the order by a trigger (whoever inserts it): the
 *   first seat is the buyer's until named otherwise. Each named attendee may have their own
 *   booking link (only its sha256 is kept). `workshop_id` follows the order (a move) by trigger.
 * - The tallies sum seats beside orders and money, so the dashboard counts seats.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE workshop_registrations
      ADD COLUMN IF NOT EXISTS seats_bought smallint NOT NULL DEFAULT 1 CHECK (seats_bought BETWEEN 1 AND 10),
      ADD COLUMN IF NOT EXISTS seats smallint NOT NULL DEFAULT 1 CHECK (seats BETWEEN 0 AND 10)`);
  await knex.raw(`ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS unit_amount integer GENERATED ALWAYS AS (amount / seats_bought) STORED`);
  await knex.raw(`ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS registrations_seats_within_bought`);
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT registrations_seats_within_bought CHECK (seats <= seats_bought)`);

  await knex.raw(`
    CREATE TABLE IF NOT EXISTS attendees (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      registration_id uuid NOT NULL REFERENCES workshop_registrations(id) ON DELETE CASCADE,
      workshop_id uuid NOT NULL,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 10),
      name text NULL CHECK (name IS NULL OR length(name) BETWEEN 1 AND 100),
      email text NULL CHECK (email IS NULL OR length(email) BETWEEN 3 AND 255),
      booking_token_hash text NULL UNIQUE,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
      cancelled_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (registration_id, position)
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS attendees_workshop_email_idx ON attendees (workshop_id, lower(email)) WHERE email IS NOT NULL');
  // The admin's search finds an order by any attendee's name or email, as it finds the buyer's (lower(...) LIKE).
  await knex.raw('CREATE INDEX IF NOT EXISTS attendees_name_trgm_idx ON attendees USING gin (lower(name) gin_trgm_ops)');
  await knex.raw('CREATE INDEX IF NOT EXISTS attendees_email_trgm_idx ON attendees USING gin (lower(email) gin_trgm_ops)');

  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_seats_insert() RETURNS trigger AS $$
    BEGIN
      INSERT INTO attendees (registration_id, workshop_id, position, name, email)
      SELECT NEW.id, NEW.workshop_id, g, CASE WHEN g = 1 THEN NEW.name END, CASE WHEN g = 1 THEN NEW.email END
        FROM generate_series(1, NEW.seats_bought) g;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS registration_seats_insert ON workshop_registrations');
  await knex.raw('CREATE TRIGGER registration_seats_insert AFTER INSERT ON workshop_registrations FOR EACH ROW EXECUTE FUNCTION registration_seats_insert()');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_seats_move() RETURNS trigger AS $$
    BEGIN
      UPDATE attendees SET workshop_id = NEW.workshop_id, updated_at = now() WHERE registration_id = NEW.id;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS registration_seats_move ON workshop_registrations');
  await knex.raw(
    'CREATE TRIGGER registration_seats_move AFTER UPDATE OF workshop_id ON workshop_registrations FOR EACH ROW WHEN (OLD.workshop_id IS DISTINCT FROM NEW.workshop_id) EXECUTE FUNCTION registration_seats_move()',
  );

  // Every order already there has its one seat: the buyer's, cancelled with the booking.
  await knex.raw(`
    INSERT INTO attendees (registration_id, workshop_id, position, name, email, status, cancelled_at)
    SELECT r.id, r.workshop_id, 1, left(r.name, 100), left(r.email, 255),
           CASE WHEN r.cancelled_at IS NOT NULL THEN 'cancelled' ELSE 'active' END, r.cancelled_at
      FROM workshop_registrations r
    ON CONFLICT (registration_id, position) DO NOTHING`);
  await knex.raw(`UPDATE workshop_registrations SET seats = 0 WHERE cancelled_at IS NOT NULL AND seats <> 0`);

  // Tallies: seats beside orders and money.
  await knex.raw('ALTER TABLE registration_tallies ADD COLUMN IF NOT EXISTS seats bigint NOT NULL DEFAULT 0');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_insert() RETURNS trigger AS $$
    BEGIN
      INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents, seats)
      SELECT workshop_id, status, count(*), coalesce(sum(amount), 0), coalesce(sum(seats), 0) FROM tally_new GROUP BY workshop_id, status;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_update() RETURNS trigger AS $$
    BEGIN
      INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents, seats)
      SELECT workshop_id, status, sum(n), sum(a), sum(s)
        FROM (SELECT workshop_id, status, 1 AS n, amount::bigint AS a, seats::bigint AS s FROM tally_new
              UNION ALL
              SELECT workshop_id, status, -1, -amount::bigint, -seats::bigint FROM tally_old) d
       GROUP BY workshop_id, status
      HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(s) <> 0;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_delete() RETURNS trigger AS $$
    BEGIN
      INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents, seats)
      SELECT workshop_id, status, -count(*), -coalesce(sum(amount), 0), -coalesce(sum(seats), 0) FROM tally_old GROUP BY workshop_id, status;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('LOCK TABLE workshop_registrations IN SHARE MODE');
  await knex.raw('DELETE FROM registration_tallies');
  await knex.raw(`
    INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents, seats)
    SELECT workshop_id, status, count(*), coalesce(sum(amount), 0), coalesce(sum(seats), 0) FROM workshop_registrations GROUP BY workshop_id, status`);

  // A seat given back by an order that goes on (some of its seats cancelled) reaches the waitlist too.
  await knex.raw(waitlistSeatFreed(true));
  await knex.raw(`DROP TRIGGER IF EXISTS workshop_registrations_waitlist ON workshop_registrations`);
  await knex.raw(`CREATE TRIGGER workshop_registrations_waitlist AFTER UPDATE OF status, workshop_id, seats OR DELETE ON workshop_registrations FOR EACH ROW EXECUTE FUNCTION waitlist_seat_freed()`);

  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', NEW_KINDS);
  await knex.raw('DROP INDEX IF EXISTS email_messages_registration_kind_key');
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS email_messages_registration_kind_key ON email_messages (registration_id, kind) WHERE kind NOT IN (${list(REPEATABLE)})`);
  await knex.raw('ALTER TABLE email_messages ADD COLUMN IF NOT EXISTS attendee_id uuid NULL');
}

/** The waitlist's trigger function (migration 20261123020000), and with seats: an order still holding some that gave one back. */
const waitlistSeatFreed = (seats: boolean) => `
    CREATE OR REPLACE FUNCTION waitlist_seat_freed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM waitlist_queue_offers(OLD.workshop_id);
      ELSIF OLD.status IN ('pending', 'completed') AND NEW.status NOT IN ('pending', 'completed') THEN
        PERFORM waitlist_queue_offers(NEW.workshop_id);
      ELSIF OLD.workshop_id <> NEW.workshop_id THEN
        PERFORM waitlist_queue_offers(OLD.workshop_id);${
          seats
            ? `
      ELSIF NEW.status IN ('pending', 'completed') AND NEW.seats < OLD.seats THEN
        PERFORM waitlist_queue_offers(NEW.workshop_id);`
            : ''
        }
      END IF;
      RETURN NULL;
    END $$`;

export async function down(knex: Knex): Promise<void> {
  await knex.raw(waitlistSeatFreed(false));
  await knex.raw(`DROP TRIGGER IF EXISTS workshop_registrations_waitlist ON workshop_registrations`);
  await knex.raw(`CREATE TRIGGER workshop_registrations_waitlist AFTER UPDATE OF status, workshop_id OR DELETE ON workshop_registrations FOR EACH ROW EXECUTE FUNCTION waitlist_seat_freed()`);
  await knex.raw('ALTER TABLE email_messages DROP COLUMN IF EXISTS attendee_id');
  await knex.raw(`DELETE FROM email_messages WHERE kind IN (${list(NEW_KINDS)})`);
  await knex.raw('DROP INDEX IF EXISTS email_messages_registration_kind_key');
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS email_messages_registration_kind_key ON email_messages (registration_id, kind) WHERE kind NOT IN (${list(REPEATABLE_BEFORE)})`);
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], NEW_KINDS);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_tallies_insert() RETURNS trigger AS $$
    BEGIN
      INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents)
      SELECT workshop_id, status, count(*), coalesce(sum(amount), 0) FROM tally_new GROUP BY workshop_id, status;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`);
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
  await knex.raw('ALTER TABLE registration_tallies DROP COLUMN IF EXISTS seats');
  await knex.raw('DROP TRIGGER IF EXISTS registration_seats_move ON workshop_registrations');
  await knex.raw('DROP TRIGGER IF EXISTS registration_seats_insert ON workshop_registrations');
  await knex.raw('DROP FUNCTION IF EXISTS registration_seats_move()');
  await knex.raw('DROP FUNCTION IF EXISTS registration_seats_insert()');
  await knex.raw('DROP TABLE IF EXISTS attendees');
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS registrations_seats_within_bought');
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS unit_amount, DROP COLUMN IF EXISTS seats, DROP COLUMN IF EXISTS seats_bought');
}
