import type { Knex } from 'knex';

/**
 * The payment ledger: one row per payment a provider captured for us, holding the last business
 * decision about it (what the business keeps). A replayed payment result finds its row and is
 * never decided again; a clear of the registrations leaves it (payment records are kept 7
 * years); and the database refuses any refund that would give back more than captured minus
 * kept minus what already went back, whoever writes it.
 *
 * Refund rows gain a claim: the one worker making a refund at the provider holds it until it
 * is done or its lease runs out, so a second runner (an admin's retry, another instance) exits;
 * `outcome_unknown_at`: a refund call whose answer was lost, which may still land; and
 * `credited_cents`: what of the refund was found already given back by hand at the provider.
 *
 * Registrations gain `released_by_buyer_at`: the buyer let the checkout go themselves (cancelled
 * at the provider, closed the card window, started another), so its promo code's use went back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider text NOT NULL CHECK (provider IN ('paypal', 'razorpay')),
      payment_id text NOT NULL,
      order_id text NULL,
      -- No foreign key: a clear archives the registration, and the payment record stays.
      registration_id uuid NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      kept_cents integer NOT NULL CHECK (kept_cents >= 0),
      refunded_outside_cents integer NOT NULL DEFAULT 0 CHECK (refunded_outside_cents >= 0),
      -- Of that, what policy cancellations already counted toward their refund (never counted twice).
      outside_counted_cents integer NOT NULL DEFAULT 0 CHECK (outside_counted_cents >= 0),
      decision text NOT NULL,
      decided_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, payment_id),
      CHECK (kept_cents + refunded_outside_cents <= amount_cents)
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS payments_registration_idx ON payments (registration_id)');

  // Every payment already decided: live and archived registrations that name one, by their state.
  const decided = (source: string) => `
    INSERT INTO payments (provider, payment_id, order_id, registration_id, amount_cents, currency, kept_cents, decision)
    SELECT r.payment_method, r.payment_id, r.provider_order_id, r.id,
           -- A payment that bought nothing owed back all of it: what was queued back is its amount (an amount mismatch's is not the price).
           CASE WHEN r.status = 'completed' OR r.cancelled_at IS NOT NULL OR coalesce(f.total, 0) = 0 THEN greatest(r.amount, coalesce(f.total, 0)) ELSE f.total END, r.currency,
           CASE WHEN r.status = 'completed' OR r.cancelled_at IS NOT NULL THEN greatest(r.amount - coalesce(f.total, 0), 0) ELSE 0 END,
           CASE WHEN r.status = 'completed' THEN 'seat' WHEN r.cancelled_at IS NOT NULL THEN coalesce(r.status_reason, 'cancelled_by_admin') ELSE 'refund' END
      FROM ${source} r
      LEFT JOIN (SELECT provider, payment_id, sum(amount_cents)::int AS total FROM refunds GROUP BY 1, 2) f ON f.provider = r.payment_method AND f.payment_id = r.payment_id
     WHERE r.payment_id IS NOT NULL AND r.payment_method IS NOT NULL AND greatest(r.amount, coalesce(f.total, 0)) > 0
    ON CONFLICT (provider, payment_id) DO NOTHING`;
  await knex.raw(decided('workshop_registrations'));
  await knex.raw(
    decided(`(SELECT (record->>'id')::uuid AS id, record->>'payment_method' AS payment_method, record->>'payment_id' AS payment_id,
                     record->>'provider_order_id' AS provider_order_id, (record->>'amount')::int AS amount, record->>'currency' AS currency,
                     record->>'status' AS status, record->>'status_reason' AS status_reason, (record->>'cancelled_at')::timestamptz AS cancelled_at
                FROM workshop_registrations_archive)`),
  );
  // Money owed back on payments no registration names (a second payment, an unattributed one): all of it goes back.
  await knex.raw(`
    INSERT INTO payments (provider, payment_id, registration_id, amount_cents, currency, kept_cents, decision)
    SELECT provider, payment_id, (array_agg(registration_id))[1], sum(amount_cents)::int, min(currency), 0, 'refund' FROM refunds GROUP BY provider, payment_id
    ON CONFLICT (provider, payment_id) DO NOTHING`);

  await knex.raw(`
    CREATE OR REPLACE FUNCTION payment_refunds_within_owed() RETURNS trigger AS $$
    DECLARE
      p payments%ROWTYPE;
      allocated bigint;
    BEGIN
      IF TG_TABLE_NAME = 'refunds' THEN
        SELECT * INTO p FROM payments WHERE provider = NEW.provider AND payment_id = NEW.payment_id FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'refund of % payment % has no payment record', NEW.provider, NEW.payment_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_within_owed';
        END IF;
        SELECT coalesce(sum(amount_cents), 0) INTO allocated FROM refunds WHERE provider = NEW.provider AND payment_id = NEW.payment_id AND id <> NEW.id;
        allocated := allocated + NEW.amount_cents;
      ELSE
        p := NEW;
        SELECT coalesce(sum(amount_cents), 0) INTO allocated FROM refunds WHERE provider = NEW.provider AND payment_id = NEW.payment_id;
      END IF;
      IF allocated + p.kept_cents + p.refunded_outside_cents > p.amount_cents THEN
        RAISE EXCEPTION 'payment % would give back % of %, keeping %', p.payment_id, allocated + p.refunded_outside_cents, p.amount_cents, p.kept_cents
          USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_within_owed';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await knex.raw('DROP TRIGGER IF EXISTS refunds_within_owed ON refunds');
  await knex.raw('CREATE TRIGGER refunds_within_owed BEFORE INSERT OR UPDATE OF amount_cents, provider, payment_id ON refunds FOR EACH ROW EXECUTE FUNCTION payment_refunds_within_owed()');
  await knex.raw('DROP TRIGGER IF EXISTS payments_within_owed ON payments');
  await knex.raw('CREATE TRIGGER payments_within_owed BEFORE UPDATE OF kept_cents, refunded_outside_cents, amount_cents ON payments FOR EACH ROW EXECUTE FUNCTION payment_refunds_within_owed()');

  await knex.raw('ALTER TABLE refunds ADD COLUMN IF NOT EXISTS claim_id uuid NULL, ADD COLUMN IF NOT EXISTS claimed_until timestamptz NULL, ADD COLUMN IF NOT EXISTS outcome_unknown_at timestamptz NULL, ADD COLUMN IF NOT EXISTS credited_cents integer NOT NULL DEFAULT 0');
  await knex.raw('ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS released_by_buyer_at timestamptz NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS released_by_buyer_at');
  await knex.raw('ALTER TABLE refunds DROP COLUMN IF EXISTS claim_id, DROP COLUMN IF EXISTS claimed_until, DROP COLUMN IF EXISTS outcome_unknown_at, DROP COLUMN IF EXISTS credited_cents');
  await knex.raw('DROP TRIGGER IF EXISTS refunds_within_owed ON refunds');
  await knex.raw('DROP TABLE IF EXISTS payments');
  await knex.raw('DROP FUNCTION IF EXISTS payment_refunds_within_owed()');
}
