import { WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import type { Knex } from 'knex';
import { prospectEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { AppError, ConflictError, NotFoundError } from '../http/errors';
import { cancelSeats } from '../payments/cancellation.service';
import type { PaymentsContext } from '../payments/payments.context';
import { markFailed } from '../payments/registration-outcomes';
import { REASONS } from '../registrations/registration-status';
import type { Db } from '../db/knex';

export const WORKSHOP_CANCEL_TASK = 'workshop_cancel_bookings';

/**
 * Calls the workshop off, once: with its row locked (every seat decision locks it too, so none
 * lands on either side of this half-seen), it is marked cancelled and closed, every unpaid
 * checkout ends (money still arriving for one is refunded in full: a cancelled workshop has no
 * seat to sell), the waitlist ends and each person in it is told, and the run through its paid
 * bookings is queued in the same transaction, so a crash cannot lose it. Asked again, it does
 * nothing more.
 */
export async function cancelWorkshop(db: Db, sender: EmailSender, workshopId: string, reason: string): Promise<void> {
  await db.transaction(async (trx) => {
    const w = await trx('workshops').where({ id: workshopId }).forNoKeyUpdate().first('id', 'title', 'date', 'price_usd_cents', 'status', trx.raw('date <= now() AS started'));
    if (!w) throw new NotFoundError(WORKSHOP_CANCEL_MESSAGES.notFound);
    if (w.status === 'cancelled') return;
    if (w.started) throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.started);
    await trx('workshops').where({ id: workshopId }).update({ status: 'cancelled', cancelled_at: trx.fn.now(), cancel_reason: reason, registration_open: false, updated_at: trx.fn.now() });
    // A capture the provider is still completing is money on its way: it stays watched until it lands (and is refunded in full).
    const holds: { id: string }[] = await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'pending' }).whereRaw('status_reason IS DISTINCT FROM ?', [REASONS.capturePending]).select('id');
    for (const h of holds) await markFailed(trx, h.id, REASONS.holdCancelled, { revive: false });
    const line: { id: string; name: string; email: string; phone: string | null }[] = await trx('waitlist_entries')
      .where({ workshop_id: workshopId })
      .whereIn('status', ['waiting', 'offered', 'expired'])
      .update({ status: 'cancelled', updated_at: trx.fn.now() })
      .returning(['id', 'name', 'email', 'phone']);
    for (const e of line) {
      const data = { ...prospectEmailData(sender, { ...e, phone: e.phone ?? '' }, w), details: { Reason: reason } };
      await queueEmail(trx, null, 'waitlist_cancelled', e.email, data, { dedupeKey: `waitlist_cancelled:${e.id}` });
    }
    await queueBookingsRun(trx, workshopId);
  });
}

/** One run per workshop at a time (its job key); retried with graphile-worker's backoff until every booking is done. */
async function queueBookingsRun(trx: Knex.Transaction, workshopId: string): Promise<void> {
  await trx.raw(`SELECT graphile_worker.add_job(?, json_build_object('workshop_id', ?::text), max_attempts => 25, job_key => ?)`, [WORKSHOP_CANCEL_TASK, workshopId, `${WORKSHOP_CANCEL_TASK}:${workshopId}`]);
}

/**
 * Ends every booking of a cancelled workshop, each in its own transaction through the one
 * cancellation every other cancel uses (which, in a cancelled workshop, always ends every seat
 * and gives back everything the booking still holds: one provider refund, through the refund
 * queue). A booking a buyer cancelled meanwhile is simply done. Throws when some booking could
 * not be ended, so the job is tried again later; the others are not held up by it.
 */
export async function endCancelledBookings(ctx: Pick<PaymentsContext, 'db' | 'sender'>, workshopId: string): Promise<number> {
  const w = await ctx.db('workshops').where({ id: workshopId }).first('status');
  if (w?.status !== 'cancelled') return 0;
  const stuck = new Map<string, string>();
  let ended = 0;
  for (;;) {
    const batch: { id: string }[] = await ctx
      .db('workshop_registrations')
      .where({ workshop_id: workshopId, status: 'completed' })
      .modify((q) => {
        if (stuck.size) q.whereNotIn('id', [...stuck.keys()]);
      })
      .orderBy('created_at')
      .limit(100)
      .select('id');
    if (!batch.length) break;
    for (const { id } of batch) {
      try {
        await cancelSeats(ctx, id, 'all', { by: 'cancelled_by_organiser', inFull: true });
        ended++;
      } catch (err) {
        // Ended or moved meanwhile: nothing left to do here. Anything else is tried again later.
        const answered = err instanceof AppError && (err.status === 404 || err.status === 409);
        if (!answered || (await ctx.db('workshop_registrations').where({ id, workshop_id: workshopId, status: 'completed' }).first('id'))) stuck.set(id, String(err));
      }
    }
  }
  if (stuck.size) throw new Error(`${stuck.size} booking(s) of cancelled workshop ${workshopId} could not be ended yet: ${[...stuck.values()][0]}`);
  return ended;
}
