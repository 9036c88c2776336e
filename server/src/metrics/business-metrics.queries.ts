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
 * through a later refund or cancellation), refunded = those whose money went back.
 */
export async function checkoutTotals(db: Db): Promise<CheckoutTotals[]> {
  const { rows } = await db.raw(`
    SELECT coalesce(provider, 'none') AS provider,
           count(*) AS started,
           count(*) FILTER (WHERE completed_at IS NOT NULL) AS completed,
           count(*) FILTER (WHERE status = 'refunded') AS refunded
      FROM (SELECT payment_method AS provider, completed_at, status FROM workshop_registrations
            UNION ALL
            SELECT record->>'payment_method', (record->>'completed_at')::timestamptz, record->>'status'
              FROM workshop_registrations_archive) r
     GROUP BY 1`);
  return rows;
}

/** Registrations in the admin list now, by provider and status (pending = seats held right now). */
export async function registrationsByStatus(db: Db): Promise<{ provider: string; status: string; n: number }[]> {
  const { rows } = await db.raw(`SELECT coalesce(payment_method, 'none') AS provider, status, count(*) AS n FROM workshop_registrations GROUP BY 1, 2`);
  return rows;
}

/** Refunds owed or made, by provider and status; `failing` = still queued after a failed attempt. */
export async function refundFigures(db: Db): Promise<{ provider: string; status: string; n: number; failing: number }[]> {
  const { rows } = await db.raw(`
    SELECT provider, status, count(*) AS n, count(*) FILTER (WHERE status = 'queued' AND last_error IS NOT NULL) AS failing
      FROM refunds GROUP BY 1, 2`);
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
