import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import type { EmailSender } from '../email/email.queue';
import { runWaitlistOffers, WAITLIST_OFFER_TASK } from './waitlist-offers';

export { WAITLIST_OFFER_TASK };
export const WAITLIST_SWEEP_TASK = 'waitlist_sweep';

/**
 * One workshop's offers. Queued (one per workshop, by job key) by the database whenever a seat
 * can have freed: a registration leaving pending/completed or deleted, capacity raised,
 * registration reopened (migration 20261123020000); after each offer's expiry; and by the sweep.
 */
export function waitlistOfferTask(db: Db, sender: EmailSender): Task {
  return async (payload) => {
    const workshopId = (payload as { workshop_id?: string })?.workshop_id;
    if (workshopId) await runWaitlistOffers(db, sender, workshopId);
  };
}

/** Queues the offer job of every upcoming active workshop with people in line or offers out. */
export async function sweepWaitlists(db: Knex): Promise<void> {
  await db.raw(
    `SELECT waitlist_queue_offers(w.id) FROM workshops w
      WHERE w.is_active AND w.date > now() AND EXISTS (SELECT 1 FROM waitlist_entries e WHERE e.workshop_id = w.id AND e.status IN ('waiting', 'offered'))`,
  );
}

/** Makes sure the cluster's one sweep job exists (the job key keeps it single), as the reconciler does. */
export async function scheduleWaitlistSweep(db: Knex, intervalSeconds: number, mode: 'replace' | 'preserve_run_at'): Promise<void> {
  await db.raw(`SELECT graphile_worker.add_job(?, '{}'::json, run_at => now() + make_interval(secs => ?), job_key => ?, job_key_mode => ?, max_attempts => 1)`, [
    WAITLIST_SWEEP_TASK,
    intervalSeconds,
    WAITLIST_SWEEP_TASK,
    mode,
  ]);
}

/** A seat that frees by the clock alone (a hold nobody reconciled yet) still reaches the line. */
export function waitlistSweepTask(db: Db, intervalSeconds: number): Task {
  return async () => {
    try {
      await sweepWaitlists(db);
    } finally {
      await scheduleWaitlistSweep(db, intervalSeconds, 'replace');
    }
  };
}
