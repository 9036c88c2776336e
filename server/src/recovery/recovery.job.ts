import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { newBookingToken } from '../registrations/booking-token';
import { type EmailSender, prospectEmailData } from '../email/email.data';
import { queueEmail } from '../email/email.queue';
import { scheduleClusterJob } from '../jobs/cluster-job';
import { readSetting } from '../settings/settings.queries';
import { capacity } from '../workshops/workshops.queries';
import { countTakenSeats } from '../workshops/seats.queries';

export const RECOVERY_TASK = 'send_checkout_recoveries';
const BATCH = 50;

interface RecoveryRow {
  id: string;
  workshop_id: string;
  registration_id: string | null;
  name: string;
  email: string;
  phone: string;
}

export const recoveryUrl = (base: string, token: string) => `${base}/?recover=${token}`;
export const unsubscribeUrl = (base: string, token: string) => `${base}/unsubscribe?token=${token}`;

/**
 * Why this follow-up must not go out now, or null when it should. Asked under the row's lock,
 * in the transaction that sends it, so nothing can change between the check and the send.
 */
async function skipReason(trx: Knex.Transaction, row: RecoveryRow): Promise<string | null> {
  if (!(await readSetting(trx, 'checkout_recovery')).enabled) return 'disabled';
  if (await trx('email_unsubscribes').where({ email_lower: row.email.toLowerCase() }).first('email_lower')) return 'unsubscribed';
  const mine = await trx('workshop_registrations')
    .where({ workshop_id: row.workshop_id })
    .whereRaw('lower(email) = lower(?)', [row.email])
    // Any pending row is money that may still be moving (a live hold, a capture PayPal holds for review,
    // a hold the reconciler has not settled yet): never "you did not finish" to someone whose payment is in flight.
    // A row that ends unpaid plans the follow-up again (recovery.schedule.ts re-plans a skipped one).
    .first(trx.raw('bool_or(completed_at IS NOT NULL) AS booked'), trx.raw(`bool_or(status = 'pending') AS checking_out`));
  if (mine?.booked) return 'booked';
  if (mine?.checking_out) return 'checking_out';
  const w = await trx('workshops')
    .where({ id: row.workshop_id })
    .first('max_participants', 'is_active', 'registration_open', trx.raw('date <= now() AS started'));
  if (!w || !w.is_active || !w.registration_open) return 'closed';
  if (w.started) return 'started';
  const cap = capacity(w.max_participants, await readSetting(trx, 'registration_limit'));
  // Counted as the public sees it: with people waiting in line, a freed seat is theirs, not this buyer's.
  if (cap !== null && (await countTakenSeats(trx, row.workshop_id, 'public')) >= cap) return 'full';
  return null;
}

async function sendOne(trx: Knex.Transaction, row: RecoveryRow, sender: EmailSender): Promise<'sent' | string> {
  const reason = await skipReason(trx, row);
  if (reason) {
    await trx('checkout_recoveries').where({ id: row.id }).update({ status: 'skipped', skip_reason: reason });
    return reason;
  }
  const link = newBookingToken();
  const w = await trx('workshops').where({ id: row.workshop_id }).first('title', 'date', 'price_usd_cents', 'revision');
  await trx('checkout_recoveries').where({ id: row.id }).update({ status: 'sent', sent_at: trx.fn.now(), token_hash: link.hash });
  await queueEmail(
    trx,
    row.registration_id,
    'checkout_recovery',
    row.email,
    {
      ...prospectEmailData(sender, row, w, row.registration_id),
      recoveryUrl: recoveryUrl(sender.publicBaseUrl, link.token),
      unsubscribeUrl: unsubscribeUrl(sender.publicBaseUrl, link.token),
    },
    { dedupeKey: `recovery:${row.id}` },
  );
  return 'sent';
}

/** One pass over follow-ups that are due: each is sent or skipped (with why) in its own short transaction. */
export async function recoveryPass(db: Knex, sender: EmailSender): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (;;) {
    const done = await db.transaction(async (trx) => {
      const rows: RecoveryRow[] = await trx('checkout_recoveries')
        .where({ status: 'scheduled' })
        .andWhere('send_after', '<=', trx.fn.now())
        .orderBy('send_after')
        .limit(BATCH)
        .forNoKeyUpdate()
        .skipLocked()
        .select('id', 'workshop_id', 'registration_id', 'name', 'email', 'phone');
      for (const row of rows) {
        const outcome = await sendOne(trx, row, sender);
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      }
      return rows.length < BATCH;
    });
    if (done) return counts;
  }
}

export function scheduleRecoveryJob(db: Knex, intervalSeconds: number, mode: 'replace' | 'preserve_run_at'): Promise<void> {
  return scheduleClusterJob(db, RECOVERY_TASK, intervalSeconds, mode);
}

/** The durable job: one pass, then it schedules the next (once per interval for the cluster). */
export function recoveryTask(db: Knex, sender: EmailSender, intervalSeconds: number): Task {
  return async (_payload, helpers) => {
    try {
      const counts = await recoveryPass(db, sender);
      if (Object.keys(counts).length) helpers.logger.info(`checkout recovery: ${JSON.stringify(counts)}`);
    } finally {
      await scheduleRecoveryJob(db, intervalSeconds, 'replace');
    }
  };
}
