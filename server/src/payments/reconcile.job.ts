import { errorText } from '../http/error-text';
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { queueAdminAlert } from '../email/email.queue';
import { REASONS } from '../registrations/registration-status';
import type { PaymentsContext, RegistrationRow } from './payments.context';
import { watchFailedRefunds, watchSentBackRefunds } from './refunds/failed-refund-watch';
import { markFailed } from './registration-outcomes';
import { settleOrder } from './settlement.service';
import { scheduleClusterJob } from '../jobs/cluster-job';

export const RECONCILE_TASK = 'reconcile_checkouts';
const BATCH = 50;
/** After this many passes without settling, a pending row is put in front of the admins. */
export const STUCK_AFTER_ATTEMPTS = 5;
/** Failed checkouts with an order are looked at again for money that still arrives, for this long after the checkout started. */
const LATE_CHECK_WINDOW = `interval '3 days'`;

/**
 * Claims a batch in one short transaction: rows other passes are working on are skipped, and
 * each claimed row is pushed back by its own backoff first, so a row that cannot be settled
 * (provider down, capture pending, provider disabled) never blocks the ones behind it.
 */
async function claim(db: Knex, which: 'pending' | 'late', intervalSeconds: number): Promise<RegistrationRow[]> {
  const where =
    which === 'pending'
      ? // A capture still at the provider is asked again on its own backoff (or at once after an admin's retry), hold or not.
        `status = 'pending' AND (hold_expires_at < now() OR status_reason = 'capture_pending') AND coalesce(reconcile_after, hold_expires_at) <= now()`
      : `status = 'failed' AND reconcile_after IS NOT NULL AND reconcile_after <= now()`;
  const r = await db.raw(
    `UPDATE workshop_registrations SET
        reconcile_attempts = reconcile_attempts + 1,
        reconcile_after = CASE WHEN ? = 'late' AND created_at < now() - ${LATE_CHECK_WINDOW} THEN NULL
                               ELSE now() + make_interval(secs => least(3600 * 6, ? * power(2, least(reconcile_attempts, 16)))) END
      WHERE id IN (SELECT id FROM workshop_registrations WHERE ${where}
                   ORDER BY coalesce(reconcile_after, hold_expires_at) LIMIT ? FOR NO KEY UPDATE SKIP LOCKED)
      RETURNING *`,
    [which, intervalSeconds, BATCH],
  );
  return r.rows;
}

async function reconcileOne(ctx: PaymentsContext, reg: RegistrationRow, which: 'pending' | 'late'): Promise<string> {
  if (!reg.provider_order_id) {
    if (which === 'pending') await markFailed(ctx.db, reg.id, REASONS.holdExpired, { revive: true });
    return 'failed';
  }
  const provider = reg.payment_method ? ctx.providers[reg.payment_method] : undefined;
  if (!provider) throw new Error(`${reg.payment_method} is not enabled on this server`);
  const outcome = await settleOrder(ctx, provider, reg);
  if (outcome === 'open' && which === 'pending') await markFailed(ctx.db, reg.id, REASONS.holdExpired, { revive: true, onlyIfExpired: true });
  return outcome;
}

/**
 * One pass: pending checkouts whose hold expired are settled from their provider (paid ones
 * complete or are refunded, approved ones are captured if a seat is free, the rest fail and
 * land in revive), and recently failed checkouts are looked at again for money that arrived late.
 */
export async function reconcilePass(ctx: PaymentsContext, intervalSeconds: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const which of ['pending', 'late'] as const) {
    for (const reg of await claim(ctx.db, which, intervalSeconds)) {
      let outcome: string;
      try {
        outcome = await reconcileOne(ctx, reg, which);
        await ctx.db('workshop_registrations').where({ id: reg.id }).update({ reconcile_error: null });
      } catch (err) {
        outcome = 'error';
        const message = errorText(err);
        ctx.logger.warn({ err: message, registrationId: reg.id }, 'reconciliation could not settle a checkout; it backs off');
        await ctx.db('workshop_registrations').where({ id: reg.id }).update({ reconcile_error: message });
      }
      if (which === 'pending' && reg.reconcile_attempts >= STUCK_AFTER_ATTEMPTS) await alertStuck(ctx, reg);
      counts[`${which}:${outcome}`] = (counts[`${which}:${outcome}`] ?? 0) + 1;
    }
  }
  const watched = await watchFailedRefunds(ctx);
  if (watched) counts['failed-refunds:looked-at'] = watched;
  const sentBack = await watchSentBackRefunds(ctx);
  if (sentBack) counts['refunds-made:looked-at'] = sentBack;
  if (Object.keys(counts).length) ctx.logger.info({ counts }, 'reconciled checkouts');
  return counts;
}

async function alertStuck(ctx: PaymentsContext, reg: RegistrationRow): Promise<void> {
  const row = await ctx.db('workshop_registrations').where({ id: reg.id }).first('status', 'reconcile_error', 'status_reason');
  if (row?.status !== 'pending') return;
  await ctx.db.transaction((trx) =>
    queueAdminAlert(trx, 'admin_reconcile_stuck', ctx.sender, {
      registrationId: reg.id,
      details: { Order: reg.provider_order_id ?? '', Attempts: String(reg.reconcile_attempts), Reason: row.status_reason ?? '', 'Last error': row.reconcile_error ?? '' },
    }),
  );
}

/** Makes sure the cluster's one reconcile job exists (every instance calls this; the job key keeps it single). */
export function scheduleReconcile(db: Knex, intervalSeconds: number, mode: 'replace' | 'preserve_run_at'): Promise<void> {
  return scheduleClusterJob(db, RECONCILE_TASK, intervalSeconds, mode);
}

/** The durable job: one pass, then it schedules the next, so it runs once per interval however many instances run. */
export function reconcileTask(ctx: PaymentsContext, intervalSeconds: number): Task {
  return async () => {
    try {
      await reconcilePass(ctx, intervalSeconds);
    } finally {
      await scheduleReconcile(ctx.db, intervalSeconds, 'replace');
    }
  };
}
