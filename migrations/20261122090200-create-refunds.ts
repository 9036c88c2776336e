import type { Knex } from 'knex';

/**
 * Every refund the server owes or made, one row each, keyed by its idempotency key: a replayed
 * payment finds the row and changes nothing (its attempts are never reset), the provider sees
 * the same key on every retry, and admins see what is still owed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS refunds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      idempotency_key text NOT NULL UNIQUE,
      registration_id uuid NULL REFERENCES workshop_registrations(id) ON DELETE SET NULL,
      provider text NOT NULL CHECK (provider IN ('paypal', 'razorpay')),
      payment_id text NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      reason text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text NULL,
      provider_refund_id text NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz NULL
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS refunds_registration_idx ON refunds (registration_id)');
  await knex.raw(`CREATE INDEX IF NOT EXISTS refunds_open_idx ON refunds (status) WHERE status <> 'succeeded'`);
  // Refunds queued before this table existed are graphile-worker jobs keyed refund:<provider>:<payment>:
  // each becomes a row here and a job of the new shape, in this transaction.
  const old = `FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'refund_payment' AND j.payload->>'paymentId' IS NOT NULL`;
  await knex.raw(`
    INSERT INTO refunds (idempotency_key, registration_id, provider, payment_id, amount_cents, currency, reason)
    SELECT 'auto:' || (j.payload->>'provider') || ':' || (j.payload->>'paymentId'),
           r.id, j.payload->>'provider', j.payload->>'paymentId', r.amount, r.currency, j.payload->>'reason'
      FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      JOIN workshop_registrations r ON r.id::text = j.payload->>'registrationId'
     WHERE t.identifier = 'refund_payment' AND j.payload->>'paymentId' IS NOT NULL AND r.amount > 0
    ON CONFLICT (idempotency_key) DO NOTHING`);
  await knex.raw(`DELETE FROM graphile_worker._private_jobs WHERE id IN (SELECT j.id ${old})`);
  await knex.raw(`SELECT graphile_worker.add_job('refund_payment', json_build_object('refund_id', id::text), max_attempts => 30, job_key => 'refund:' || id) FROM refunds WHERE status = 'queued'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS refunds');
}
