import { type BookingCancelResult, type BookingView, DISPLAY_TIME_ZONE, policyRefund } from '@workshop/shared';
import type { Db } from '../db/knex';
import { type EmailSender, queueConfirmationResend } from '../email/email.queue';
import { NotFoundError } from '../http/errors';
import { cancelBooking } from '../payments/cancellation.service';
import { readSetting } from '../settings/settings.queries';
import { BOOKING_TOKEN, bookingUrl, hashBookingToken } from './booking-token';

/** Recordings stay up this long after the start (SPEC §1: recordings for 30 days). */
const RECORDING_DAYS = 30;
const HOUR = 3_600_000;

async function findByToken(db: Db, token: string) {
  if (!BOOKING_TOKEN.test(token)) throw new NotFoundError('Booking not found');
  const row = await db('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .where('r.booking_token_hash', hashBookingToken(token))
    .first('r.*', 'w.title', 'w.date', 'w.duration_hours', 'w.join_url', 'w.join_passcode', 'w.materials_url');
  if (!row) throw new NotFoundError('Booking not found');
  return row;
}

export async function viewBooking(db: Db, token: string, opts: { joinHoursBefore: number; now?: Date }): Promise<BookingView> {
  const r = await findByToken(db, token);
  const now = opts.now ?? new Date();
  const start = new Date(r.date);
  const opens = new Date(start.getTime() - opts.joinHoursBefore * HOUR);
  const closes = new Date(start.getTime() + RECORDING_DAYS * 24 * HOUR);
  const active = r.status === 'completed';
  const policy = active ? policyRefund({ amountCents: r.amount, startsAt: start, now, policy: await readSetting(db, 'refund_policy') }) : undefined;
  return {
    name: r.name,
    email: r.email,
    access_id: r.access_id,
    status: r.status,
    amount_cents: r.amount,
    currency: r.currency,
    payment_method: r.payment_method,
    workshop: { title: r.title, date: start.toISOString(), duration_hours: r.duration_hours, time_zone: DISPLAY_TIME_ZONE },
    join: active && now >= opens && now <= closes ? { url: r.join_url, passcode: r.join_passcode, materials_url: r.materials_url } : null,
    join_available_at: opens.toISOString(),
    cancellation: policy ? { band: policy.band, refund_cents: policy.refundCents, fee_cents: policy.feeCents } : null,
  };
}

/** Cancel by policy: without `confirm` it only answers what the refund would be. */
export async function cancelByBuyer(d: { db: Db; sender: EmailSender }, token: string, confirm: boolean): Promise<BookingCancelResult> {
  const r = await findByToken(d.db, token);
  const policy = policyRefund({ amountCents: r.amount, startsAt: new Date(r.date), now: new Date(), policy: await readSetting(d.db, 'refund_policy') });
  if (!confirm) return { confirmed: false, refund_cents: policy.refundCents };
  const done = await cancelBooking(d, r.id, { refundCents: policy.refundCents, by: 'cancelled_by_buyer' });
  return { confirmed: true, refund_cents: done.refundCents };
}

/** The confirmation again, with the same link the buyer used. */
export async function resendToBuyer(d: { db: Db; sender: EmailSender }, token: string): Promise<{ queued: boolean }> {
  const r = await findByToken(d.db, token);
  if (r.status !== 'completed') throw new NotFoundError('Booking not found');
  const queued = await d.db.transaction((trx) => queueConfirmationResend(trx, r.id, d.sender, bookingUrl(d.sender.publicBaseUrl, token)));
  return { queued };
}
