import { BY_HAND_MESSAGES, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import { queueGoodwillEmail } from '../email/email.queue';
import { ConflictError } from '../http/errors';
import { CANCEL_MESSAGES, leftOfBooking, lockBooking, uncountedGoodwill } from './cancellation.service';
import { giveBack } from './ledger/payment-ledger';
import type { PaymentsContext } from './payments.context';
import { queueOwedRefund } from './refunds/refund.queue';

export const GOODWILL_MESSAGES = {
  free: 'This booking was free: there is no payment to refund.',
  /** Money all back means no booking (a provider's "refunded in full" ends it): to give it all, cancel. */
  partOnly: 'A goodwill refund keeps the booking, so part of the payment must stay: refund less, or cancel the booking to refund all of it.',
  otherBooking: 'This refund was already made for another booking. Close the dialog and open it again.',
} as const;

/**
 * A goodwill refund (issue 23, point 4): `cents` of a completed booking's payment goes back and
 * the booking goes on, with its seats, join details and reminders. Decided with the workshop,
 * the order and its payment's ledger row locked, as every cancel is: two admins at once, or a
 * buyer cancelling meanwhile, can never together give back more than the booking still holds
 * (what it paid less its refunds, and never more than the payment keeps), and some of it always
 * stays: a payment given back in full holds no booking. The decision is final and its refund is
 * one provider refund through the queue; the buyer is told. A later cancel by the policy counts
 * it toward the policy's amount (cancellation.service.ts). The same `requestId` again is the same
 * decision: answered as it was, nothing given back again.
 */
export async function refundKeepingBooking(ctx: Pick<PaymentsContext, 'db' | 'sender'>, registrationId: string, cents: number, requestId?: string): Promise<{ refundCents: number }> {
  return ctx.db.transaction(async (trx) => {
    const locked = await lockBooking(trx, registrationId);
    // Read under the booking's lock: the same request at once waits here for the first to commit.
    const made: { registration_id: string; refund_cents: number } | undefined = requestId ? await trx('goodwill_requests').where({ request_id: requestId }).first('registration_id', 'refund_cents') : undefined;
    if (made && made.registration_id !== registrationId) throw new ConflictError(GOODWILL_MESSAGES.otherBooking);
    if (made) return { refundCents: made.refund_cents };
    if (locked.workshopCancelled) throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.bookingsRefunded);
    const payment = locked.payment;
    if (!payment) throw new ConflictError(locked.reg.by_hand_payment === 'offline' ? BY_HAND_MESSAGES.noProviderPayment : GOODWILL_MESSAGES.free);
    const most = Math.min(payment.kept_cents, await leftOfBooking(trx, locked.reg, payment));
    if (!Number.isInteger(cents) || cents < 1 || cents > most) throw new ConflictError(CANCEL_MESSAGES.tooMuch);
    // What the seats still held are worth, less the goodwill given on them already and what went back
    // by hand at the provider that no decision counted yet (a later cancel counts both toward the
    // seats' price, as policyRefundNow does): part of it stays. Money kept on seats cancelled
    // before is not theirs to give back.
    const reg = locked.reg as typeof locked.reg & { unit_amount: number };
    const byHand = Math.max(0, payment.refunded_outside_cents - payment.outside_counted_cents);
    const holds = reg.unit_amount * reg.seats - (await uncountedGoodwill(trx, locked.reg)) - byHand;
    if (cents >= holds || cents === most) throw new ConflictError(GOODWILL_MESSAGES.partOnly);
    const decided = await giveBack(trx, payment, cents, 'goodwill_by_admin');
    const queued = await queueOwedRefund(trx, decided, { registrationId, reason: 'goodwill' });
    await queueGoodwillEmail(trx, registrationId, ctx.sender, cents, `goodwill:${payment.payment_id}:${payment.kept_cents}`);
    if (requestId) await trx('goodwill_requests').insert({ request_id: requestId, registration_id: registrationId, refund_cents: queued });
    return { refundCents: queued };
  });
}
