import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import type { RegistrationRow } from '../payments/registration-payments.service';

export interface Reconcilers {
  paypal?: { reconcile: (reg: RegistrationRow) => Promise<string> };
  razorpay?: { reconcile: (reg: RegistrationRow) => Promise<string> };
}

const BATCH = 100;

/**
 * One pass over pending registrations whose hold has expired: ask their provider whether
 * they were paid, complete (or refund) the paid ones, fail the rest (seat free, person in
 * revive). Safe on many instances at once: every step is idempotent and row-locked.
 */
export async function reconcileExpiredHolds(db: Db, providers: Reconcilers, logger: Logger): Promise<Record<string, number>> {
  const rows: RegistrationRow[] = await db('workshop_registrations')
    .where({ status: 'pending' })
    .andWhere('hold_expires_at', '<', db.fn.now())
    .orderBy('hold_expires_at', 'asc')
    .limit(BATCH);
  const counts: Record<string, number> = {};
  for (const reg of rows) {
    const provider = reg.payment_method ? providers[reg.payment_method] : undefined;
    if (!provider) continue;
    try {
      const outcome = await provider.reconcile(reg);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    } catch (err) {
      // Left pending: the next pass asks again.
      logger.warn({ err, registrationId: reg.id }, 'reconciliation could not reach the provider');
      counts.error = (counts.error ?? 0) + 1;
    }
  }
  if (rows.length) logger.info({ counts }, 'reconciled expired holds');
  return counts;
}

/** Runs reconcileExpiredHolds every `intervalSeconds`, never two passes at once in this process. */
export function startReconciler(db: Db, providers: Reconcilers, logger: Logger, intervalSeconds: number): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = reconcileExpiredHolds(db, providers, logger)
      .catch((err) => logger.error({ err }, 'reconciliation pass failed'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
