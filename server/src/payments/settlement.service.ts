import type { Knex } from 'knex';
import { REASONS } from '../registrations/registration-status';
import { transition } from '../registrations/registration-transition';
import { lockWorkshopThenRegistration } from '../registrations/seats.queries';
import { type PaymentProvider, type ProviderOrder, type ProviderPayment, refundedInFull } from './payment-provider';
import { recordEvent } from './payment-events.queries';
import type { PaymentsContext, RegistrationRow } from './payments.context';
import { CAPTURE_HOLD_SECONDS, completeRegistration, markFailed, seatFor } from './registration-outcomes';
import { queueRefund, type RefundReason } from './refunds/refund.queue';

/**
 * What became of a registration's money once the server looked at its order:
 * completed: the seat is theirs; refunded: the money is (being) given back; mismatch: the wrong
 * amount arrived and is being given back; not_charged: approved, but no seat was left, so we did
 * not take it; processing: the provider has not finished taking it; declined: nothing moved;
 * open: nothing paid yet.
 */
export type Outcome = 'completed' | 'refunded' | 'mismatch' | 'not_charged' | 'already_booked' | 'processing' | 'declined' | 'open';

const RANK: Outcome[] = ['completed', 'refunded', 'mismatch', 'not_charged', 'already_booked', 'processing', 'declined', 'open'];
const best = (a: Outcome | undefined, b: Outcome) => (a === undefined || RANK.indexOf(b) < RANK.indexOf(a) ? b : a);

/**
 * Verified money for this registration: the seat if it still holds one or one is free, else the
 * refund, decided with the workshop row locked and by the database's clock. Idempotent per payment.
 */
export async function applyCapturedPayment(ctx: PaymentsContext, provider: PaymentProvider, registrationId: string, p: ProviderPayment): Promise<Outcome> {
  return ctx.db.transaction(async (trx) => {
    const locked = await lockWorkshopThenRegistration<RegistrationRow>(trx, registrationId);
    if (!locked) throw new Error(`registration ${registrationId} not found`);
    const reg = locked.registration;
    await recordEvent(trx, { provider: provider.method, eventId: `payment:${p.id}`, type: 'payment.verified', payload: p, registrationId: reg.id });
    const owe = (reason: RefundReason) =>
      queueRefund(trx, { registrationId: reg.id, provider: provider.method, paymentId: p.id, amountCents: p.amountCents - p.refundedCents, currency: p.currency, reason });
    const toRefundPending = (reason: string) =>
      transition(trx, reg.id, ['pending', 'failed'], 'refund_pending', { status_reason: reason, payment_id: p.id, reconcile_after: null });

    if (reg.payment_id === p.id) {
      if (reg.status === 'completed') return 'completed';
      if (reg.status === 'refund_pending' || reg.status === 'refunded') return reg.status_reason === REASONS.amountMismatch ? 'mismatch' : 'refunded';
    }
    if (p.amountCents !== reg.amount || p.currency !== reg.currency) {
      ctx.logger.warn({ registrationId: reg.id, paid: p.amountCents, currency: p.currency, expected: reg.amount }, 'payment amount mismatch: refunding');
      if (reg.status === 'pending' || reg.status === 'failed') {
        await toRefundPending(REASONS.amountMismatch);
        await trx('revive').where({ registration_id: reg.id, source: 'abandoned_checkout' }).delete();
      }
      await owe('amount_mismatch');
      return reg.status === 'completed' ? 'completed' : 'mismatch';
    }
    if (reg.status === 'completed') {
      await owe('duplicate_payment');
      return 'completed';
    }
    if (reg.status !== 'pending' && reg.status !== 'failed') {
      // Its money is already going back (or it was cancelled): this payment goes back too.
      await owe('unneeded_payment');
      return 'refunded';
    }
    if (await seatFor(trx, locked)) {
      await completeRegistration(ctx, trx, reg, p.id);
      return 'completed';
    }
    await toRefundPending(REASONS.workshopFull);
    await trx('revive').where({ registration_id: reg.id, source: 'abandoned_checkout' }).delete();
    await owe('workshop_full');
    return 'refunded';
  });
}

type Claim = 'ok' | 'completed' | 'refunding' | 'no_seat' | 'already_booked';

/**
 * Before taking money, make sure it buys a seat: a holding row keeps its seat for the capture,
 * a row whose hold is gone gets one again if one is free. Money we would only refund is not taken.
 */
async function claimSeatForCapture(ctx: PaymentsContext, registrationId: string): Promise<Claim> {
  return ctx.db.transaction(async (trx: Knex.Transaction) => {
    const locked = await lockWorkshopThenRegistration<RegistrationRow>(trx, registrationId);
    if (!locked) throw new Error(`registration ${registrationId} not found`);
    const reg = locked.registration;
    if (reg.status === 'completed') return 'completed';
    if (reg.status !== 'pending' && reg.status !== 'failed') return 'refunding';
    // A checkout this buyer replaced by one that booked (a retry they paid, a promo code that made it free):
    // its approval is never captured for a second seat they gave up. Money already taken is another matter (applyCapturedPayment).
    if (reg.status === 'failed' && reg.status_reason === REASONS.replaced && (await bookedSince(trx, reg))) return 'already_booked';
    const hold = trx.raw(`greatest(coalesce(hold_expires_at, now()), now() + make_interval(secs => ?))`, [CAPTURE_HOLD_SECONDS]);
    if (await seatFor(trx, locked)) {
      if (reg.status === 'failed') await transition(trx, reg.id, ['failed'], 'pending', { hold_expires_at: hold, status_reason: null });
      else await trx('workshop_registrations').where({ id: reg.id }).update({ hold_expires_at: hold, updated_at: trx.fn.now() });
      return 'ok';
    }
    if (reg.status === 'pending') await markFailed(trx, reg.id, REASONS.fullNotCharged, { revive: true });
    return 'no_seat';
  });
}

/** Whether the same buyer (email) has a booking in this workshop made after this checkout started. */
async function bookedSince(trx: Knex.Transaction, reg: RegistrationRow): Promise<boolean> {
  return Boolean(
    await trx('workshop_registrations')
      .where({ workshop_id: reg.workshop_id, status: 'completed' })
      .whereRaw('lower(email) = lower(?)', [reg.email])
      .where('created_at', '>', reg.created_at)
      .first('id'),
  );
}

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

  const current = async () => (await ctx.db('workshop_registrations').where({ id: reg.id }).first()) as RegistrationRow;
  if (o.payments.some((p) => p.status === 'processing')) {
    await ctx.db('workshop_registrations').where({ id: reg.id, status: 'pending' }).update({ status_reason: REASONS.capturePending, updated_at: ctx.db.fn.now() });
    return 'processing';
  }
  const authorized = o.payments.some((p) => p.status === 'authorized');
  if ((o.approved || authorized) && depth === 0) {
    const claim = await claimSeatForCapture(ctx, reg.id);
    if (claim === 'completed') return 'completed'; // an extra authorization is left to lapse, never captured
    if (claim === 'refunding') return 'refunded';
    if (claim === 'no_seat') return 'not_charged';
    if (claim === 'already_booked') return 'already_booked';
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
  if (row.status === 'refund_pending' || row.status === 'refunded') return 'refunded';
  return 'open';
}
