import { BY_HAND_MESSAGES, rescheduleChoiceOpen, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import { ConflictError, NotFoundError } from '../http/errors';
import { queueCancellationEmail, queueSeatsCancelledEmail } from '../email/email.queue';
import type { Knex } from 'knex';
import { transition } from '../registrations/registration-transition';
import { lockWorkshopThenRegistration } from '../workshops/seats.queries';
import { giveBack, type LedgerRow, lockPayment, policyRefundNow, recordPayment } from './ledger/payment-ledger';
import { refundCompleted } from './payments.hooks';
import type { PaymentsContext, RegistrationRow } from './payments.context';
import { queueOwedRefund } from './refunds/refund.queue';

export const CANCEL_MESSAGES = {
  notActive: 'This booking is not active, so it cannot be cancelled.',
  tooMuch: 'The refund cannot be more than what is left of the payment.',
  noSuchSeat: 'Choose seats of this booking that are not cancelled yet.',
  changed: 'This booking changed a moment ago (it may have moved to another workshop). Please check it and try again.',
} as const;

/** Why a booking (or some of its seats) was cancelled: `status_reason` of the row, and the decision the payment ledger records. */
export type CancelledBy = 'cancelled_by_buyer' | 'cancelled_by_admin' | 'refunded_by_admin' | 'cancelled_by_organiser';

export interface CancelOptions {
  /** What goes back, chosen by an admin for the seats cancelled. */
  refundCents?: number;
  /**
   * The policy's refund per seat for a workshop starting at `startsAt`: asked with the workshop
   * and the order locked, of the workshop the booking is in then (a move or a reschedule a moment
   * earlier changes the band); what goes back is that times the seats actually cancelled.
   */
  perSeatCents?: (startsAt: Date) => number;
  by: CancelledBy;
  /** The policy's amount: what went back by hand at the provider (and no earlier decision counted) counts toward it. */
  policyTotal?: boolean;
  /** The whole price of every seat cancelled goes back (the organiser called the workshop off); hand money no decision counted yet is part of it. */
  inFull?: boolean;
  /** Asked from a booking link: its hash must still be the order's (or the attendee's) once locked, else the link is gone (a transfer a moment earlier). */
  link?: { hash: string; attendeeId?: string };
}

export type Locked = { reg: RegistrationRow; payment: LedgerRow | undefined; startsAt: Date; workshopCancelled: boolean; rescheduledAt: Date | null };

/** Locks the workshop, the order and its payment's ledger row, in that order; only a completed booking can be cancelled. */
export async function lockBooking(trx: Knex.Transaction, registrationId: string): Promise<Locked> {
  const locked = await lockWorkshopThenRegistration<RegistrationRow>(trx, registrationId);
  if (!locked) throw new NotFoundError('Registration not found');
  const reg = locked.registration;
  // The booking moved between the first read and its lock: the workshop locked (and its date, the policy's band) is not its own.
  if (reg.workshop_id !== locked.workshop.id) throw new ConflictError(CANCEL_MESSAGES.changed);
  if (reg.status !== 'completed') throw new ConflictError(CANCEL_MESSAGES.notActive);
  // Its payment records were deleted after the retention period: no decision about its money is made again.
  if (reg.payment_records_deleted_at) throw new ConflictError(CANCEL_MESSAGES.notActive);
  // A booking a promo code made free has no payment: nothing to give back, no provider to ask.
  // A seat moved out of a team booking is paid by that booking's payment, decided on its one ledger row.
  const paymentId = reg.payment_id ?? reg.paid_with_payment_id;
  const paid = paymentId && reg.payment_method ? { provider: reg.payment_method, paymentId } : null;
  // A booking an admin added by hand has no provider payment either: what goes back, goes back by hand.
  if (!paid && reg.amount > 0 && !reg.by_hand_payment) throw new ConflictError(CANCEL_MESSAGES.notActive);
  const known = paid ? await lockPayment(trx, paid.provider, paid.paymentId) : undefined;
  // A moved seat's ledger row was written when it moved: never recorded again from its one-seat amount.
  if (paid && !known && !reg.payment_id) throw new ConflictError(CANCEL_MESSAGES.notActive);
  const payment = paid
    ? (known ?? (await recordPayment(trx, { ...paid, orderId: reg.provider_order_id, registrationId: reg.id, amountCents: reg.amount, currency: reg.currency }, 'seat')))
    : undefined;
  return { reg, payment, startsAt: new Date(locked.workshop.date), workshopCancelled: locked.workshop.cancelled, rescheduledAt: locked.workshop.rescheduled_at };
}

/**
 * What this booking's own price still holds of the payment: its amount less the refunds of that
 * payment decided for it. A payment can pay for two bookings (a seat an admin moved out of a team
 * booking), and neither may give back the other's money; for a booking that has its payment to
 * itself this is never below what the payment keeps.
 */
export async function leftOfBooking(trx: Knex.Transaction, reg: RegistrationRow, payment: LedgerRow): Promise<number> {
  const r = await trx('refunds').where({ registration_id: reg.id, provider: payment.provider, payment_id: payment.payment_id }).sum<{ s: string | null }[]>('amount_cents as s').first();
  return reg.amount - Number(r?.s ?? 0);
}

/**
 * The decision about the money: `refundCents` (or, for a policy cancel, the policy's amount
 * less what went back by hand) is given back of what the payment kept, written to its ledger row
 * and queued as one provider refund, in the caller's transaction. Final: no replay, retry or
 * clear gives back more. Answers what goes back now.
 */
async function decideRefund(trx: Knex.Transaction, { reg, payment }: Locked, cents: number, opts: CancelOptions): Promise<number> {
  if (reg.by_hand_payment) return decideByHand(trx, reg, cents, opts);
  const kept = payment ? payment.kept_cents : 0;
  const most = payment ? Math.max(0, Math.min(kept, await leftOfBooking(trx, reg, payment))) : 0;
  let now = { refundCents: cents, countsOutside: 0 };
  let countsGoodwill = 0;
  if ((opts.policyTotal || opts.inFull) && payment) {
    // A goodwill refund given earlier is part of what the policy (or the seats' whole price) gives back, counted once.
    countsGoodwill = Math.min(await uncountedGoodwill(trx, reg), cents);
    // Counted like a policy's amount: hand money no decision counted yet is part of it (the
    // organiser's whole price of the seats still held too); what earlier decisions kept stays kept.
    now = policyRefundNow(payment, cents - countsGoodwill);
    // Never past what the booking still holds (a seat moved out after a refund): it ends all the same.
    now = { ...now, refundCents: Math.min(now.refundCents, most) };
  }
  if (!Number.isInteger(now.refundCents) || now.refundCents < 0 || now.refundCents > most) throw new ConflictError(CANCEL_MESSAGES.tooMuch);
  if (!payment) return 0;
  const decided = await giveBack(trx, payment, now.refundCents, opts.by, now.countsOutside);
  if (countsGoodwill) await trx('workshop_registrations').where({ id: reg.id }).increment('goodwill_counted_cents', countsGoodwill);
  if (now.refundCents > 0) await queueOwedRefund(trx, decided, { registrationId: reg.id, reason: 'cancellation' });
  return now.refundCents;
}

/**
 * A booking added by hand: no provider ever held its money, so none is asked for it. What goes
 * back is recorded on the row as given back by hand (never more than was paid, checked by the
 * database too); the buyer cannot cancel one paid outside the site from their link (the organiser
 * arranges that money), while the organiser calling the workshop off owes them all of it.
 */
async function decideByHand(trx: Knex.Transaction, reg: RegistrationRow, cents: number, opts: CancelOptions): Promise<number> {
  if (opts.by === 'cancelled_by_buyer' && reg.amount > 0) throw new ConflictError(BY_HAND_MESSAGES.buyerCancel);
  const left = reg.amount - (reg.by_hand_refunded_cents ?? 0);
  const back = opts.inFull || opts.policyTotal ? Math.min(cents, left) : cents;
  if (!Number.isInteger(back) || back < 0 || back > left) throw new ConflictError(BY_HAND_MESSAGES.refundTooMuch);
  if (back > 0) await trx('workshop_registrations').where({ id: reg.id }).increment('by_hand_refunded_cents', back);
  return back;
}

/** Whether a booking link opened before the lock still opens this booking (or its attendee's seat) now. */
export async function linkStillOpens(trx: Knex.Transaction, reg: { booking_token_hash?: string | null }, link: { hash: string; attendeeId?: string }): Promise<boolean> {
  if (!link.attendeeId) return reg.booking_token_hash === link.hash;
  return Boolean(await trx('attendees').where({ id: link.attendeeId, booking_token_hash: link.hash, status: 'active' }).first('id'));
}

/** Since when the booking is in its workshop: bought there, or moved there by an admin later. */
export const inWorkshopSince = (reg: { completed_at?: Date | null; moved_in_at?: Date | null }): Date | null =>
  reg.moved_in_at && (!reg.completed_at || reg.moved_in_at > reg.completed_at) ? reg.moved_in_at : (reg.completed_at ?? null);

/** What goodwill refunds of this booking gave back that no policy cancel counted yet. */
export async function uncountedGoodwill(trx: Knex.Transaction, reg: RegistrationRow & { goodwill_counted_cents?: number }): Promise<number> {
  const r = await trx('refunds').where({ registration_id: reg.id, reason: 'goodwill' }).sum<{ s: string | null }[]>('amount_cents as s').first();
  return Math.max(0, Number(r?.s ?? 0) - (reg.goodwill_counted_cents ?? 0));
}

/**
 * Of `seats` cancelled with `cents` decided for them, how many keep their promo code's use: every
 * one, unless each seat's whole price goes back (a fee or a half kept on each seat keeps each use,
 * however the total compares with one seat's price). Counted in the same row update that gives the
 * seats back, so a checkout counting the code's uses sees both or neither. A free seat gives its use back.
 */
function usesKept(reg: RegistrationRow & { unit_amount?: number; promo_code_id?: string | null }, seats: number, cents: number): number {
  if (!reg.promo_code_id) return 0;
  const unit = reg.unit_amount ?? 0;
  return cents >= unit * seats ? 0 : seats;
}

/**
 * Cancels seats of a completed booking: the ones named, or `all` it still holds, decided with
 * the order locked, so two cancels at once (the buyer's link, an attendee's, an admin) never
 * cancel or pay for a seat twice. The seats are free at once (the waitlist hears of it), their
 * links stop working, the money decision is made for them (one provider refund); the booking
 * ends when no seat is left. The buyer is emailed what was given back.
 */
export async function cancelSeats(
  ctx: Pick<PaymentsContext, 'db' | 'sender'>,
  registrationId: string,
  which: string[] | 'all',
  asked: CancelOptions,
): Promise<{ refundCents: number; seats: number[]; ended: boolean }> {
  return ctx.db.transaction(async (trx) => {
    const locked = await lockBooking(trx, registrationId);
    if (asked.link && !(await linkStillOpens(trx, locked.reg, asked.link))) throw new NotFoundError('Booking not found');
    if (locked.workshopCancelled && (asked.by === 'cancelled_by_admin' || asked.by === 'refunded_by_admin')) throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.bookingsRefunded);
    // The workshop was called off: whoever cancels now (its buyer, an attendee, the organiser's
    // run through its bookings) carries out the organiser's decision: every seat, everything back.
    // A buyer whose workshop moved after they bought may still choose everything back instead of the policy's band.
    const moved = asked.by === 'cancelled_by_buyer' && rescheduleChoiceOpen({ rescheduledAt: locked.rescheduledAt, bookedAt: inWorkshopSince(locked.reg), startsAt: locked.startsAt, now: new Date() });
    const opts: CancelOptions = locked.workshopCancelled ? { by: 'cancelled_by_organiser', inFull: true } : moved ? { by: 'cancelled_by_buyer', inFull: true } : asked;
    const active: { id: string; position: number }[] = await trx('attendees').where({ registration_id: registrationId, status: 'active' }).orderBy('position').select('id', 'position');
    const chosen = which === 'all' || locked.workshopCancelled ? active : active.filter((a) => which.includes(a.id));
    if (!chosen.length || (which !== 'all' && !locked.workshopCancelled && chosen.length !== new Set(which).size)) throw new ConflictError(which === 'all' ? CANCEL_MESSAGES.notActive : CANCEL_MESSAGES.noSuchSeat);
    const unit = (locked.reg as RegistrationRow & { unit_amount?: number }).unit_amount ?? 0;
    const cents = opts.inFull ? unit * chosen.length : opts.perSeatCents ? opts.perSeatCents(locked.startsAt) * chosen.length : (opts.refundCents ?? 0);
    const refundCents = await decideRefund(trx, locked, cents, opts);
    // Given back by hand (a booking paid outside the site): back already, so credited now, once per decision (its running total names it).
    if (locked.reg.by_hand_payment && refundCents > 0) {
      const total = (locked.reg.by_hand_refunded_cents ?? 0) + refundCents;
      await refundCompleted.emit(trx, { registrationId, paymentId: null, refundKey: `by_hand:${registrationId}:${total}`, cents: refundCents, sender: ctx.sender });
    }
    // A workshop called off keeps no one's promo code use.
    const keptUses = locked.workshopCancelled ? 0 : usesKept(locked.reg, chosen.length, cents);
    const ended = chosen.length === active.length;
    const positions = chosen.map((a) => a.position);
    await trx('attendees')
      .whereIn('id', chosen.map((a) => a.id))
      .update({ status: 'cancelled', cancelled_at: trx.fn.now(), updated_at: trx.fn.now(), ...(ended ? {} : { booking_token_hash: null }) });
    if (ended) {
      const patch = { status_reason: opts.by, cancelled_at: trx.fn.now(), seats: 0, kept_uses: trx.raw('kept_uses + ?', [keptUses]) };
      // Ended with money given back (now, or for seats cancelled before): refunded once every refund went through; else cancelled.
      const refunds: { status: string }[] = await trx('refunds').where({ registration_id: registrationId }).select('status');
      const byHand = locked.reg.by_hand_payment ? (locked.reg.by_hand_refunded_cents ?? 0) + refundCents : 0;
      // Given back by hand is given back already: nothing waits on a provider.
      const to = byHand > 0 ? 'refunded' : refundCents > 0 || refunds.some((f) => f.status !== 'succeeded') ? 'refund_pending' : refunds.length ? 'refunded' : 'cancelled';
      await transition(trx, registrationId, ['completed'], to, patch);
      const off = locked.workshopCancelled ? await trx('workshops').where({ id: locked.reg.workshop_id }).first('cancel_reason') : undefined;
      await queueCancellationEmail(trx, registrationId, ctx.sender, refundCents, off && { reason: off.cancel_reason ?? '' });
    } else {
      await trx('workshop_registrations')
        .where({ id: registrationId })
        .update({ seats: active.length - chosen.length, kept_uses: trx.raw('kept_uses + ?', [keptUses]), updated_at: trx.fn.now() });
      await queueSeatsCancelledEmail(trx, registrationId, ctx.sender, positions, refundCents, `${registrationId}:${chosen.map((a) => a.id).sort().join(',')}`);
    }
    return { refundCents, seats: positions, ended };
  });
}

/** Ends a completed booking: every seat it still holds (an admin's cancel or refund of the whole booking). */
export async function cancelBooking(ctx: Pick<PaymentsContext, 'db' | 'sender'>, registrationId: string, opts: CancelOptions): Promise<{ refundCents: number }> {
  const done = await cancelSeats(ctx, registrationId, 'all', opts);
  return { refundCents: done.refundCents };
}
