import type { Db } from '../db/knex';

export interface CheckoutTotals {
  provider: string;
  started: number;
  completed: number;
  refunded: number;
}

/**
 * Every checkout ever made, by provider, from the database (live rows plus those "clear all"
 * archived), so the figures are the same whichever instance is asked and never go backwards:
 * started = registrations created, completed = those that ever completed (completed_at is kept
 * through a later refund or cancellation), refunded = those whose money went back. A booking an
 * admin added by hand was no checkout.
 */
export async function checkoutTotals(db: Db): Promise<CheckoutTotals[]> {
  const { rows } = await db.raw(`
    SELECT coalesce(provider, 'none') AS provider,
           count(*) AS started,
           count(*) FILTER (WHERE completed_at IS NOT NULL) AS completed,
           count(*) FILTER (WHERE status = 'refunded') AS refunded
      FROM (SELECT payment_method AS provider, completed_at, status FROM workshop_registrations WHERE by_hand_payment IS NULL
            UNION ALL
            SELECT record->>'payment_method', (record->>'completed_at')::timestamptz, record->>'status'
              FROM workshop_registrations_archive WHERE record->>'by_hand_payment' IS NULL) r
     GROUP BY 1`);
  return rows;
}

/** Registrations in the admin list now, by provider and status (pending = seats held right now). */
export async function registrationsByStatus(db: Db): Promise<{ provider: string; status: string; n: number }[]> {
  const { rows } = await db.raw(`SELECT coalesce(payment_method, 'none') AS provider, status, count(*) AS n FROM workshop_registrations GROUP BY 1, 2`);
  return rows;
}

/**
 * Refunds owed or made, by provider and status; `failing` = still queued after a failed attempt;
 * `oldest_queued_seconds` = how long the oldest refund still owed (queued) has been owed.
 */
export async function refundFigures(db: Db): Promise<{ provider: string; status: string; n: number; failing: number; oldest_queued_seconds: number }[]> {
  const { rows } = await db.raw(`
    SELECT provider, status, count(*) AS n, count(*) FILTER (WHERE status = 'queued' AND last_error IS NOT NULL) AS failing,
           coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'queued')), 0)::float8 AS oldest_queued_seconds
      FROM refunds GROUP BY 1, 2`);
  return rows;
}

export interface EmailFigures {
  kind: string;
  queued: number;
  retrying: number;
  oldest_queued_seconds: number;
  refused: number;
  unbuildable: number;
}

/**
 * Emails not sent, by kind (the partial index email_messages_unsent_idx keeps the sent ones out
 * of it): queued = waiting to be sent; retrying = queued whose last attempt the provider refused
 * or did not answer; failed ones split by why: refused on every attempt (about five days), or
 * could not be built (never sent, never retried).
 */
export async function emailFigures(db: Db): Promise<EmailFigures[]> {
  const { rows } = await db.raw(`
    SELECT kind,
           count(*) FILTER (WHERE status = 'queued') AS queued,
           count(*) FILTER (WHERE status = 'queued' AND last_error IS NOT NULL) AS retrying,
           coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'queued')), 0)::float8 AS oldest_queued_seconds,
           count(*) FILTER (WHERE status = 'failed' AND coalesce(last_error, '') NOT LIKE 'could not build:%') AS refused,
           count(*) FILTER (WHERE status = 'failed' AND last_error LIKE 'could not build:%') AS unbuildable
      FROM email_messages
     WHERE status <> 'sent'
     GROUP BY 1`);
  return rows;
}

/** Emails SendGrid accepted that did not arrive (bounced or dropped), by kind; the partial index email_messages_bounced_idx serves it. */
export async function bouncedEmails(db: Db): Promise<{ kind: string; n: number }[]> {
  const { rows } = await db.raw(`SELECT kind, count(*) AS n FROM email_messages WHERE bounced_at IS NOT NULL GROUP BY 1`);
  return rows;
}

/**
 * How long the oldest unsettled checkout has waited, by provider, since its seat hold ran out:
 * the reconciler (every RECONCILE_INTERVAL_SECONDS) should settle it from the provider within a
 * pass or two. A capture the provider itself still holds (PayPal PENDING) waits on the provider,
 * not on us, and is left out. Pending rows are the seats held right now: few, and indexed.
 */
export async function reconcileLag(db: Db): Promise<{ provider: string; lag_seconds: number }[]> {
  const { rows } = await db.raw(`
    SELECT coalesce(payment_method, 'none') AS provider, extract(epoch FROM now() - min(hold_expires_at))::float8 AS lag_seconds
      FROM workshop_registrations
     WHERE status = 'pending' AND hold_expires_at < now() AND status_reason IS DISTINCT FROM 'capture_pending'
     GROUP BY 1`);
  return rows;
}

export interface JobFigures {
  task: string;
  ready: number;
  running: number;
  scheduled: number;
  retrying: number;
  failed: number;
  oldest_ready_seconds: number;
}

/**
 * The graphile-worker queue by task: ready = due and waiting for a worker (the queue depth),
 * scheduled = due later (the reconciler's next pass, retries' backoff), retrying = failed at
 * least once and will run again, failed = out of attempts (kept by graphile-worker until removed).
 */
export async function jobFigures(db: Db): Promise<JobFigures[]> {
  const { rows } = await db.raw(`
    SELECT t.identifier AS task,
           count(*) FILTER (WHERE j.is_available AND j.run_at <= now()) AS ready,
           count(*) FILTER (WHERE j.locked_at IS NOT NULL) AS running,
           count(*) FILTER (WHERE j.is_available AND j.run_at > now()) AS scheduled,
           count(*) FILTER (WHERE j.attempts > 0 AND j.attempts < j.max_attempts) AS retrying,
           count(*) FILTER (WHERE j.attempts >= j.max_attempts) AS failed,
           coalesce(extract(epoch FROM now() - min(j.run_at) FILTER (WHERE j.is_available AND j.run_at <= now())), 0)::float8 AS oldest_ready_seconds
      FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     GROUP BY 1`);
  return rows;
}
