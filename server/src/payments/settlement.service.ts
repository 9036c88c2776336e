import type { Knex } from 'knex';
import { isErasedAddress } from '../email/erased-address';
import { FIRST_SEEN_PAYMENT, REASONS } from '../registrations/registration-status';
import { seatedElsewhere } from '../registrations/attendees.queries';
import { transition } from '../registrations/registration-transition';
import { lockWorkshopThenRegistration } from '../workshops/seats.queries';
import { claimSeatForCapture } from './capture-claim';
import { type CapturedPayment, isForgotten, lockPayment, recordPayment } from './ledger/payment-ledger';
import { type PaymentProvider, type ProviderOrder, type ProviderPayment, refundedInFull } from './payment-provider';
import { recordEvent } from './payment-events.queries';
import type { PaymentsContext, RegistrationRow } from './payments.context';
import { promoUseLeft } from './promo-use';
import { completeRegistration, markFailed, seatFor } from './registration-outcomes';
import { queueOwedRefund, type RefundReason } from './refunds/refund.queue';

/**
 * What became of a registration's money once the server looked at its order:
 * completed: the seat is theirs; cancelled: the booking was cancelled (the decision's refund, if
 * any, is on its way); refunded: the money is (being) given back; promo_refunded: the same, for
 * a checkout its buyer let go whose code was used up meanwhile; mismatch: the wrong amount
 * arrived and is being given back; not_charged / promo_not_charged: approved, but no seat (or
 * no use of the code) was left, so we did not take it; processing: the provider has not
 * finished taking it; declined: nothing moved; open: nothing paid yet.
 */
export type Outcome =
  | 'completed'
  | 'cancelled'
  | 'refunded'
  | 'promo_refunded'
  | 'mismatch'
  | 'not_charged'
  | 'promo_not_charged'
  | 'already_booked'
  | 'booked_refunded'
  | 'replaced_refunded'
  | 'processing'
  | 'declined'
  | 'open';

const RANK: Outcome[] = ['completed', 'cancelled', 'refunded', 'promo_refunded', 'mismatch', 'not_charged', 'promo_not_charged', 'already_booked', 'booked_refunded', 'replaced_refunded', 'processing', 'declined', 'open'];
const best = (a: Outcome | undefined, b: Outcome) => (a === undefined || RANK.indexOf(b) < RANK.indexOf(a) ? b : a);

type Reg = RegistrationRow & { cancelled_at: Date | null; released_by_buyer_at: Date | null; browser_id: string | null };

/** Why a registration's payment went back in full, as the buyer is told it again (a replay, a return after the refund). */
const REFUNDED_BECAUSE: Partial<Record<string, Outcome>> = {
  [REASONS.amountMismatch]: 'mismatch',
  [REASONS.promoUsedUp]: 'promo_refunded',
  [REASONS.alreadyBookedRefunded]: 'booked_refunded',
  [REASONS.replacedRefunded]: 'replaced_refunded',
};

/** What a payment decided before means for the buyer now. */
function replayOutcome(reg: Reg, paymentId: string): Outcome {
  if (reg.status === 'completed') return 'completed';
  if (reg.cancelled_at) return 'cancelled';
  if (reg.payment_id === paymentId) return REFUNDED_BECAUSE[reg.status_reason ?? ''] ?? 'refunded';
  return 'refunded';
}

/**
 * Verified money for this registration. Seen before (a replay): only what its last decision
 * still owes goes back. Seen for the first time: the seat if it still holds one or one is free,
 * else a full refund, decided with the workshop row locked, by the database's clock and the
 * state table's `FIRST_SEEN_PAYMENT`, and written to the payment ledger in the same transaction.
 */
export async function applyCapturedPayment(ctx: PaymentsContext, provider: PaymentProvider, registrationId: string, p: ProviderPayment): Promise<Outcome> {
  return ctx.db.transaction(async (trx) => {
    const locked = await lockWorkshopThenRegistration<Reg>(trx, registrationId);
    if (!locked) throw new Error(`registration ${registrationId} not found`);
    const reg = locked.registration;
    await recordEvent(trx, { provider: provider.method, eventId: `payment:${p.id}`, type: 'payment.verified', payload: p, registrationId: reg.id });
    const providerRemaining = p.amountCents - p.refundedCents;
    const known = await lockPayment(trx, provider.method, p.id);
    if (known) {
      await queueOwedRefund(trx, known, { registrationId: reg.id, reason: 'unneeded_payment', providerRemaining });
      return replayOutcome(reg, p.id);
    }
    // Its record was deleted after the retention period: settled long ago, never decided again.
    if (await isForgotten(trx, provider.method, 'payment', p.id)) return replayOutcome(reg, p.id);

    const captured: CapturedPayment = { provider: provider.method, paymentId: p.id, orderId: reg.provider_order_id, registrationId: reg.id, amountCents: p.amountCents, currency: p.currency, refundedAtProviderCents: p.refundedCents };
    const refundAll = async (reason: RefundReason) => queueOwedRefund(trx, await recordPayment(trx, captured, 'refund'), { registrationId: reg.id, reason, providerRemaining });
    /** No seat for this money: the row says why, nobody revives it, all of it goes back. */
    const noSeat = async (statusReason: string, reason: RefundReason) => {
      if (reg.status === 'pending' || reg.status === 'failed') {
        await transition(trx, reg.id, ['pending', 'failed'], 'refund_pending', { status_reason: statusReason, payment_id: p.id, reconcile_after: null });
        await trx('revive').where({ registration_id: reg.id, source: 'abandoned_checkout' }).delete();
      }
      await refundAll(reason);
    };

    if (p.amountCents !== reg.amount || p.currency !== reg.currency) {
      ctx.logger.warn({ registrationId: reg.id, paid: p.amountCents, currency: p.currency, expected: reg.amount }, 'payment amount mismatch: refunding');
      await noSeat(REASONS.amountMismatch, 'amount_mismatch');
      return reg.status === 'completed' ? 'completed' : 'mismatch';
    }
    switch (FIRST_SEEN_PAYMENT[reg.status]) {
      case 'already_paid':
        await refundAll('duplicate_payment');
        return 'completed';
      case 'refund_in_full':
        await refundAll('unneeded_payment');
        return reg.cancelled_at ? 'cancelled' : 'refunded';
      case 'seat_if_free':
        break;
    }
    if (!(await promoUseLeft(trx, reg))) {
      await noSeat(REASONS.promoUsedUp, 'promo_used_up');
      return 'promo_refunded';
    }
    // The person asked for their data to be erased after this checkout failed: a seat nobody can be told of is no seat.
    if (isErasedAddress(reg.email)) {
      await noSeat(REASONS.erasedRefunded, 'unneeded_payment');
      return 'refunded';
    }
    // One seat per person, when the money arrives too: a person of this order who got a seat meanwhile from another
    // booking (a checkout they had replaced, paid late; a seat given by hand) is not seated twice.
    if ((await seatedElsewhere(trx, reg.id, locked.workshop.id)).length > 0) {
      await noSeat(REASONS.alreadyBookedRefunded, 'already_booked');
      return 'booked_refunded';
    }
    if (await seatFor(trx, locked)) {
      await completeRegistration(ctx, trx, reg, captured);
      return 'completed';
    }
    if (locked.workshop.cancelled) {
      await noSeat(REASONS.workshopCancelled, 'workshop_cancelled');
      return 'refunded';
    }
    // Not full of others: the buyer's own newer checkout holds the seat this replaced one gave up.
    if (reg.status === 'failed' && reg.released_by_buyer_at && (await newerLiveHold(trx, reg))) {
      await noSeat(REASONS.replacedRefunded, 'replaced');
      return 'replaced_refunded';
    }
    await noSeat(REASONS.workshopFull, 'workshop_full');
    return 'refunded';
  });
}

/** A live hold of the same buyer (email, or browser) in this workshop, started after this checkout: the one that replaced it. */
async function newerLiveHold(trx: Knex.Transaction, reg: Reg): Promise<boolean> {
  const newer = await trx('workshop_registrations')
    .where({ workshop_id: reg.workshop_id, status: 'pending' })
    .where('hold_expires_at', '>', trx.fn.now())
    .where('created_at', '>', reg.created_at)
    .where((q) => {
      q.whereRaw('lower(email) = lower(?)', [reg.email]);
      if (reg.browser_id) q.orWhere('browser_id', reg.browser_id);
    })
    .first('id');
  return Boolean(newer);
}

const CLAIMED: Record<Exclude<Awaited<ReturnType<typeof claimSeatForCapture>>, 'ok'>, Outcome> = {
  // An extra authorization on a paid seat is left to lapse, never captured.
  completed: 'completed',
  refunding: 'refunded',
  cancelled: 'cancelled',
  no_seat: 'not_charged',
  promo_used_up: 'promo_not_charged',
  already_booked: 'already_booked',
};

/**
 * Settles a registration from its order as the provider reports it: captured money is applied,
 * approved or authorized money is captured only if it buys a seat, a capture still pending is
 * waited for. `depth` stops a provider that keeps answering "approved" after a capture.
 */
export async function settleOrder(ctx: PaymentsContext, provider: PaymentProvider, reg: RegistrationRow, order?: ProviderOrder, depth = 0): Promise<Outcome> {
  if (!reg.provider_order_id) return 'open';
  const o = order ?? (await provider.readOrder(reg.provider_order_id));
  let outcome: Outcome | undefined;
  for (const p of o.payments) {
    if (p.status === 'captured' && !refundedInFull(p)) outcome = best(outcome, await applyCapturedPayment(ctx, provider, reg.id, p));
  }
  if (outcome) return outcome;

  const current = async () => (await ctx.db('workshop_registrations').where({ id: reg.id }).first()) as Reg;
  if (o.payments.some((p) => p.status === 'processing')) {
    await ctx.db('workshop_registrations').where({ id: reg.id, status: 'pending' }).update({ status_reason: REASONS.capturePending, updated_at: ctx.db.fn.now() });
    return 'processing';
  }
  const authorized = o.payments.some((p) => p.status === 'authorized');
  if ((o.approved || authorized) && depth === 0) {
    const claim = await claimSeatForCapture(ctx, reg.id);
    if (claim !== 'ok') return CLAIMED[claim];
    const after = await provider.capture(o, reg.id);
    const settled = await settleOrder(ctx, provider, await current(), after, depth + 1);
    if (settled === 'declined' || (settled === 'open' && after.payments.some((p) => p.status === 'declined'))) {
      await markFailed(ctx.db, reg.id, REASONS.declined, { revive: true });
      return 'declined';
    }
    return settled;
  }
  // A capture PayPal later denied: the row waited for it, and now nothing will come.
  const row = await current();
  if (o.payments.length && o.payments.every((p) => p.status === 'declined') && row.status_reason === REASONS.capturePending) {
    await markFailed(ctx.db, reg.id, REASONS.declined, { revive: true });
    return 'declined';
  }
  if (row.status === 'completed') return 'completed';
  if (row.cancelled_at) return 'cancelled';
  if (row.status === 'refund_pending' || row.status === 'refunded') return REFUNDED_BECAUSE[row.status_reason ?? ''] ?? 'refunded';
  return 'open';
}
