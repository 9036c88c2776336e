import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';
import { AppError, BadRequestError, NotFoundError } from '../http/errors';
import { REASONS } from '../registrations/registration-status';
import { holdSeat, type HoldInput } from './seat-hold.service';
import { CHECKOUT_MESSAGES } from './checkout-messages';
import { type CreatedOrder, type PaymentProvider, ReturnRejected } from './payment-provider';
import { findByOrder, type PaymentsContext, type RegistrationRow } from './payments.context';
import { completeRegistration, markFailed } from './registration-outcomes';
import { type Outcome, settleOrder } from './settlement.service';
import { refundUnattributed } from './unattributed';

export function providerFor(ctx: PaymentsContext, method: PaymentMethod): PaymentProvider {
  const p = ctx.providers[method];
  if (!p) throw new NotFoundError(CHECKOUT_MESSAGES.methodUnavailable);
  return p;
}

/** A promo code took the whole price: the seat is booked, no provider was asked. */
export interface FreeBooking {
  kind: 'free';
  accessId: string;
}

/**
 * Holds a seat, then creates the provider's order for the price in the database (the promo
 * code's price when one applies). A code that makes it free books the seat at once through the
 * same completion as a paid one (booking link, confirmation email, reminders, admin event).
 */
export async function startCheckout(
  ctx: PaymentsContext,
  provider: PaymentProvider,
  input: Omit<HoldInput, 'paymentMethod'>,
  urls: { returnUrl: string; cancelUrl: string },
  limits: { holdsPerIp: number },
): Promise<CreatedOrder | FreeBooking> {
  const bookFree = (trx: Knex.Transaction, id: string) => completeRegistration(ctx, trx, { id }, null);
  const hold = await holdSeat(ctx.db, { ...input, paymentMethod: provider.method }, ctx.holdMinutes, limits.holdsPerIp, bookFree);
  if (hold.free) return { kind: 'free', accessId: hold.accessId };
  try {
    const order = await provider.createOrder({
      registrationId: hold.registrationId,
      accessId: hold.accessId,
      amountCents: hold.amount,
      currency: hold.currency,
      description: hold.workshop.title,
      ...urls,
    });
    // A newer checkout by the same buyer may have replaced this hold meanwhile: its order is then watched for late money like any failed one.
    await ctx.db('workshop_registrations')
      .where({ id: hold.registrationId })
      .update({ provider_order_id: order.orderId, updated_at: ctx.db.fn.now(), reconcile_after: ctx.db.raw(`CASE WHEN status = 'failed' THEN now() + interval '10 minutes' ELSE reconcile_after END`) });
    return order;
  } catch (err) {
    ctx.logger.error({ err, registrationId: hold.registrationId, provider: provider.method }, 'order creation failed');
    await markFailed(ctx.db, hold.registrationId, REASONS.providerError, { revive: false });
    throw new AppError(503, 'payment_failed', provider.method === 'paypal' ? CHECKOUT_MESSAGES.paypalInitFailed : CHECKOUT_MESSAGES.cardInitFailed);
  }
}

/** unknown: no registration owns the order (its money, if any, goes back); settled_before: none does any more, and its money was decided before (a clear archived it). */
export type ReturnResult = { outcome: Outcome; registration: RegistrationRow } | { outcome: 'unknown' | 'settled_before' };

/** The buyer's browser came back from the provider: check what it brought, then settle from the provider's truth. */
export async function settleReturn(ctx: PaymentsContext, provider: PaymentProvider, input: unknown): Promise<ReturnResult> {
  let ret;
  try {
    ret = provider.checkReturn(input);
  } catch (err) {
    if (err instanceof ReturnRejected) throw new BadRequestError(CHECKOUT_MESSAGES.verificationFailed);
    throw err;
  }
  const reg = await findByOrder(ctx.db, provider.method, ret.orderId);
  if (!reg) {
    const r = await refundUnattributed(ctx, provider, ret.orderId).catch((err) => ctx.logger.warn({ err, orderId: ret.orderId }, 'could not look at an unknown order'));
    return { outcome: r && r.decidedBefore && !r.queued ? 'settled_before' : 'unknown' };
  }
  const outcome = await settleOrder(ctx, provider, reg);
  return { outcome, registration: (await ctx.db('workshop_registrations').where({ id: reg.id }).first()) as RegistrationRow };
}

/**
 * The buyer closed or cancelled the provider's window: the seat is let go at once, unless the
 * provider says money already came (then it is settled as usual). When the provider cannot be
 * asked, the seat is let go anyway: money that still arrives is settled as a late payment.
 */
export async function releaseHold(ctx: PaymentsContext, provider: PaymentProvider, orderId: string): Promise<'released' | Outcome | 'unknown'> {
  const reg = await findByOrder(ctx.db, provider.method, orderId);
  if (!reg) return 'unknown';
  if (reg.status !== 'pending') {
    // Already let go (its hold ran out, say): the buyer still says they are done with it, so its promo code's use is not theirs to take back later.
    if (reg.status === 'failed') await ctx.db('workshop_registrations').where({ id: reg.id, status: 'failed' }).whereNull('released_by_buyer_at').update({ released_by_buyer_at: ctx.db.fn.now() });
    return reg.status === 'completed' ? 'completed' : 'released';
  }
  try {
    const order = await provider.readOrder(orderId);
    if (order.payments.some((p) => p.status !== 'declined')) return await settleOrder(ctx, provider, reg, order);
  } catch (err) {
    ctx.logger.warn({ err, orderId }, 'could not ask the provider before releasing a hold');
  }
  await markFailed(ctx.db, reg.id, REASONS.cancelled, { revive: true, byBuyer: true });
  return 'released';
}
