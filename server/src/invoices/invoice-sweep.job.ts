import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { scheduleClusterJob } from '../jobs/cluster-job';
import { issueInvoice } from './invoice.service';

export const INVOICE_SWEEP_TASK = 'invoice_sweep';
const SWEEP_INTERVAL_SECONDS = 10 * 60;

/**
 * An order whose invoice could not be issued when its payment completed (the invoice's savepoint
 * failed: its seat stood, its number was given back) gets it now, from the same rules: every
 * order paid for in the last 30 days, through a provider or outside the site, has one. Each in a
 * transaction of its own that locks the order, so two sweeps never invoice it twice.
 */
export async function sweepMissingInvoices(db: Knex, logger: Logger): Promise<number> {
  const missing: { id: string }[] = await db('workshop_registrations as r')
    .whereNotNull('r.completed_at')
    .where('r.completed_at', '>', db.raw(`now() - interval '30 days'`))
    .where('r.amount', '>', 0)
    .where((w) => w.whereNotNull('r.payment_id').orWhere('r.by_hand_payment', 'offline'))
    .whereNotExists(db('invoices as i').whereRaw('i.registration_id = r.id').where('i.kind', 'invoice'))
    .orderBy('r.completed_at')
    .limit(200)
    .select('r.id');
  let issued = 0;
  for (const { id } of missing) {
    try {
      await db.transaction(async (trx) => {
        await trx('workshop_registrations').where({ id }).forNoKeyUpdate().first('id');
        const before = await trx('invoices').where({ registration_id: id, kind: 'invoice' }).first('id');
        await issueInvoice(trx, id);
        if (!before && (await trx('invoices').where({ registration_id: id, kind: 'invoice' }).first('id'))) issued++;
      });
    } catch (err) {
      logger.error({ registrationId: id, err: String(err) }, 'invoice sweep: still cannot issue this order’s invoice');
    }
  }
  if (issued) logger.warn({ issued }, 'invoice sweep: issued invoices that completing payments could not');
  return issued;
}

export function scheduleInvoiceSweep(db: Knex, mode: 'replace' | 'preserve_run_at', inSeconds = SWEEP_INTERVAL_SECONDS): Promise<void> {
  return scheduleClusterJob(db, INVOICE_SWEEP_TASK, inSeconds, mode);
}

/** The cluster's one sweep: then the next is planned, however many instances run. */
export function invoiceSweepTask(db: Knex, logger: Logger): Task {
  return async () => {
    try {
      await sweepMissingInvoices(db, logger);
    } finally {
      await scheduleInvoiceSweep(db, 'replace');
    }
  };
}
