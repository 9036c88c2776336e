import type { Knex } from 'knex';

/**
 * Payment records deleted after the law's period (issue 27, point 1). A deleted ledger row must
 * never come back from a provider's replay or a late refund and pay out again what a decision
 * kept: each deleted payment and order leaves a tombstone (a hash, not the id), and the ledger
 * refuses a row for a tombstoned payment, so no refund of it can be queued (a refund needs its
 * ledger row). The refunds made before are kept as anonymous totals per workshop so the dashboard's
 * figures do not change when the rows go.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS forgotten_payments (
      key_hash bytea PRIMARY KEY,
      forgotten_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION payment_key_hash(provider text, kind text, id text) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT sha256(convert_to(provider || ':' || kind || ':' || id, 'UTF8')) $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION payments_not_forgotten() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM forgotten_payments WHERE key_hash = payment_key_hash(NEW.provider, 'payment', NEW.payment_id)) THEN
        RAISE EXCEPTION 'payment % of % was deleted after its retention period and is never recorded again', NEW.payment_id, NEW.provider
          USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_forgotten';
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('DROP TRIGGER IF EXISTS payments_not_forgotten ON payments');
  await knex.raw('CREATE TRIGGER payments_not_forgotten BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION payments_not_forgotten()');
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS retired_refunds (
      id bigserial PRIMARY KEY,
      workshop_id uuid REFERENCES workshops(id) ON DELETE SET NULL,
      refunded_cents bigint NOT NULL CHECK (refunded_cents >= 0),
      retired_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS payment_records_deleted_at timestamptz');
  // A completed booking names its payment, unless the retention run deleted its payment records.
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check CHECK (${COMPLETED_IS_PAID} OR payment_records_deleted_at IS NOT NULL)`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION invoices_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The only change allowed: the order's row went (a clear); the document keeps its snapshot.
      IF TG_OP = 'UPDATE' AND NEW.registration_id IS NULL AND OLD.registration_id IS NOT NULL
         AND (to_jsonb(NEW) - 'registration_id') = (to_jsonb(OLD) - 'registration_id') THEN
        RETURN NEW;
      END IF;
      -- The only deletion allowed: the retention run, past the law's period.
      IF TG_OP = 'DELETE' AND current_setting('app.payment_records_deletion', true) = 'on' THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'invoices and credit notes never change once issued';
    END $$`);
  await knex.raw('CREATE INDEX IF NOT EXISTS payments_created_idx ON payments (created_at)');
  // A payment's refunds, found by the payment (the ledger's trigger and the retention run ask so).
  await knex.raw('CREATE INDEX IF NOT EXISTS refunds_payment_idx ON refunds (provider, payment_id)');
  // The retention run and an erasure scrub a booking's audit entries by their target.
  await knex.raw('CREATE INDEX IF NOT EXISTS admin_activity_target_idx ON admin_activity (target_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS payment_events_received_idx ON payment_events (received_at) WHERE registration_id IS NULL');
}

const COMPLETED_IS_PAID = `(status <> 'completed' OR payment_id IS NOT NULL
  OR (paid_with_payment_id IS NOT NULL AND payment_method IS NOT NULL AND payment_id IS NULL AND provider_order_id IS NULL)
  OR (amount = 0 AND payment_method IS NULL AND promo_code_id IS NOT NULL)
  OR by_hand_payment IS NOT NULL)`;

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS payment_events_received_idx');
  await knex.raw('DROP INDEX IF EXISTS admin_activity_target_idx');
  await knex.raw('DROP INDEX IF EXISTS refunds_payment_idx');
  await knex.raw('DROP INDEX IF EXISTS payments_created_idx');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION invoices_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.registration_id IS NULL AND OLD.registration_id IS NOT NULL
         AND (to_jsonb(NEW) - 'registration_id') = (to_jsonb(OLD) - 'registration_id') THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'invoices and credit notes never change once issued';
    END $$`);
  await knex.raw('ALTER TABLE workshop_registrations DROP CONSTRAINT IF EXISTS workshop_registrations_check');
  await knex.raw(`ALTER TABLE workshop_registrations ADD CONSTRAINT workshop_registrations_check CHECK ${COMPLETED_IS_PAID} NOT VALID`);
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS payment_records_deleted_at');
  await knex.raw('DROP TABLE IF EXISTS retired_refunds');
  await knex.raw('DROP TRIGGER IF EXISTS payments_not_forgotten ON payments');
  await knex.raw('DROP FUNCTION IF EXISTS payments_not_forgotten()');
  await knex.raw('DROP FUNCTION IF EXISTS payment_key_hash(text, text, text)');
  await knex.raw('DROP TABLE IF EXISTS forgotten_payments');
}
