import { BadRequestError } from '../http/errors';
import { AppError } from '../http/errors';
import { failedRefundsAt, OrderNotFound, type PaymentProvider, refundedInFull, WebhookRejected } from './payment-provider';
import { markEventProcessed, recordEvent } from './payment-events.queries';
import { findByOrder, type PaymentsContext } from './payments.context';
import { attributeHandRefunds } from './refunds/hand-refunds';
import { endBookingsRefundedInFull } from './refunded-in-full';
import { settleOrder } from './settlement.service';
import { refundUnattributed } from './unattributed';

/**
 * Any provider's webhook: verified by the provider's own check, recorded once under its event
 * id, then settled from what the provider reports for the order (never from the payload).
 */
export async function handleWebhook(ctx: PaymentsContext, provider: PaymentProvider, raw: Buffer, header: (n: string) => string | undefined): Promise<{ status: string }> {
  let evt;
  try {
    evt = await provider.parseWebhook(raw, header);
  } catch (err) {
    if (err instanceof WebhookRejected) throw new BadRequestError(err.message);
    throw err;
  }
  const recorded = await recordEvent(ctx.db, { provider: provider.method, eventId: evt.eventId, type: evt.type, payload: evt.payload });
  if (recorded.replay) return { status: 'duplicate' };

  let outcome = 'ignored';
  let registrationId: string | null = null;
  try {
    if (evt.kind === 'payment' && evt.orderId) {
      const reg = await findByOrder(ctx.db, provider.method, evt.orderId);
      if (reg) {
        registrationId = reg.id;
        outcome = await settleOrder(ctx, provider, reg);
      } else {
        const r = await refundUnattributed(ctx, provider, evt.orderId);
        outcome = r.queued ? 'unattributed_refunded' : r.decidedBefore ? 'settled_before' : 'unknown_order';
      }
    } else if (evt.kind === 'refund' && evt.paymentId) {
      const r = await refundMadeAtProvider(ctx, provider, evt.paymentId);
      outcome = r.outcome;
      registrationId = r.registrationId;
    }
  } catch (err) {
    if (!(err instanceof OrderNotFound)) {
      // The provider could not be asked: not this delivery's fault. It delivers again later, and the event is handled then.
      ctx.logger.warn({ err, eventId: evt.eventId, provider: provider.method }, 'webhook could not be settled now');
      throw new AppError(503, 'unavailable', 'The payment provider is not answering. Deliver again later.');
    }
    outcome = 'unknown_order';
  }
  await markEventProcessed(ctx.db, recorded.id, outcome, registrationId);
  ctx.logger.info({ eventId: evt.eventId, type: evt.type, outcome, provider: provider.method }, 'webhook handled');
  return { status: outcome };
}

/**
 * A refund webhook. What the provider gave back that is not ours was made by hand at its
 * dashboard: attributed to our open refunds of the payment first, the rest a decision of its own
 * (hand-refunds.ts). A booking whose money all went back ends: its seats are free.
 */
async function refundMadeAtProvider(ctx: PaymentsContext, provider: PaymentProvider, paymentId: string): Promise<{ outcome: string; registrationId: string | null }> {
  const reg = await ctx.db('workshop_registrations').where({ payment_method: provider.method, payment_id: paymentId }).first('id', 'provider_order_id');
  const registrationId: string | null = reg?.id ?? null;
  // The ledger knows the order even when a clear archived the registration.
  const orderId = reg?.provider_order_id ?? (await ctx.db('payments').where({ provider: provider.method, payment_id: paymentId }).first('order_id'))?.order_id;
  const payment = orderId ? (await provider.readOrder(orderId)).payments.find((p) => p.id === paymentId) : undefined;
  if (!payment) return { outcome: 'unknown_payment', registrationId };
  const atProvider = await provider.listRefunds({ orderId, paymentId });
  // A refund of ours the bank sent back (Razorpay's refund.failed) is owed again, before any hand money is counted.
  const sentBack = await failedRefundsAt(provider, paymentId);
  const { madeAgain } = await ctx.db.transaction((trx) => attributeHandRefunds(trx, provider.method, paymentId, atProvider, undefined, ctx.sender, sentBack));
  // Everything went back: the seats are paid for by nothing, whoever's refunds are still open (they are credited or refused at the provider).
  if (!refundedInFull(payment)) return { outcome: madeAgain ? 'refund_made_again' : 'refund_noted', registrationId };
  const ended = await endBookingsRefundedInFull(ctx, provider.method, paymentId, payment.amountCents);
  return { outcome: ended ? 'refunded' : 'unchanged', registrationId };
}
