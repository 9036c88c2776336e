import { BadRequestError } from '../http/errors';
import { REASONS } from '../registrations/registration-status';
import { tryTransition } from '../registrations/registration-transition';
import { AppError } from '../http/errors';
import { OrderNotFound, type PaymentProvider, refundedInFull, WebhookRejected } from './payment-provider';
import { markEventProcessed, recordEvent } from './payment-events.queries';
import { findByOrder, type PaymentsContext } from './payments.context';
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
        outcome = (await refundUnattributed(ctx, provider, evt.orderId)) ? 'unattributed_refunded' : 'unknown_order';
      }
    } else if (evt.kind === 'refund' && evt.paymentId) {
      // A refund we did not make (the provider's dashboard): only all the money back ends the seat.
      const ours = await ctx.db('refunds').where({ provider: provider.method, payment_id: evt.paymentId }).first('id');
      const reg = await ctx.db('workshop_registrations').where({ payment_method: provider.method, payment_id: evt.paymentId }).first('id', 'provider_order_id');
      if (reg) registrationId = reg.id;
      if (reg && !ours && reg.provider_order_id) {
        const payment = (await provider.readOrder(reg.provider_order_id)).payments.find((p) => p.id === evt.paymentId);
        if (payment && refundedInFull(payment)) {
          const changed = await tryTransition(ctx.db, reg.id, ['completed'], 'refunded', { status_reason: REASONS.refundedAtProvider });
          outcome = changed ? 'refunded' : 'unchanged';
        } else outcome = 'partly_refunded_at_provider';
      } else outcome = ours ? 'ours' : 'unknown_payment';
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
