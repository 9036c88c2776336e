import type { Knex } from 'knex';

/**
 * The state table of server/src/registrations/registration-status.ts, as the database enforces
 * it: a snapshot (migrations never change once merged); a test checks that both agree.
 */
const TRANSITIONS: [string, string][] = [
  ['pending', 'completed'],
  ['pending', 'failed'],
  ['pending', 'refund_pending'],
  ['failed', 'pending'],
  ['failed', 'completed'],
  ['failed', 'refund_pending'],
  ['completed', 'refund_pending'],
  ['completed', 'refunded'],
  ['completed', 'cancelled'],
  ['refund_pending', 'refunded'],
];
const STATUSES = ['pending', 'completed', 'failed', 'refund_pending', 'refunded', 'cancelled'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_status_check');
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_status_check CHECK (status IN (${STATUSES.map((s) => `'${s}'`).join(', ')}))`);
  const pairs = TRANSITIONS.map(([a, b]) => `('${a}', '${b}')`).join(', ');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION registration_status_guard() RETURNS trigger AS $$
    BEGIN
      IF NEW.status IS DISTINCT FROM OLD.status AND (OLD.status, NEW.status) NOT IN (${pairs}) THEN
        RAISE EXCEPTION 'registration % may not go from % to %', OLD.id, OLD.status, NEW.status
          USING ERRCODE = 'check_violation', CONSTRAINT = 'registration_status_transition';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS registration_status_guard ON workshop_registrations');
  await knex.raw('CREATE TRIGGER registration_status_guard BEFORE UPDATE OF status ON workshop_registrations FOR EACH ROW EXECUTE FUNCTION registration_status_guard()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS registration_status_guard ON workshop_registrations');
  await knex.raw('DROP FUNCTION IF EXISTS registration_status_guard()');
  await knex.raw(`UPDATE workshop_registrations SET status = 'failed', status_reason = 'refund_pending' WHERE status = 'refund_pending'`);
  await knex.raw(`UPDATE workshop_registrations SET status = 'failed' WHERE status = 'cancelled'`);
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_status_check');
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_status_check CHECK (status IN ('pending', 'completed', 'failed', 'refunded'))`);
}
