import { loggableId } from '../logger';
import type { PaymentProvider } from './payment-provider';
import { refundedInFull } from './payment-provider';
import { isForgotten, lockPayment, recordPayment } from './ledger/payment-ledger';
import { recordEvent } from './payment-events.queries';
import type { PaymentsContext } from './payments.context';
import { queueOwedRefund } from './refunds/refund.queue';

/**
 * Verified money for an order no bookable registration owns (its row was cleared, or never
 * existed here). A payment decided before (the seat of a booking since archived, a cancellation
 * that kept a fee) keeps that decision: only what it still owes goes back. Money seen for the
 * first time bought nothing here and goes back in full. A payment or order deleted after its
 * retention period was settled long ago: left alone.
 */
export async function refundUnattributed(ctx: PaymentsContext, provider: PaymentProvider, orderId: string): Promise<{ queued: number; decidedBefore: boolean }> {
  if (await isForgotten(ctx.db, provider.method, 'order', orderId)) return { queued: 0, decidedBefore: true };
  const archived = await ctx.db('workshop_registrations_archive')
    .whereRaw(`record->>'provider_order_id' = ? AND record->>'payment_method' = ?`, [orderId, provider.method])
    .first('id', ctx.db.raw(`record->>'status' AS status`), ctx.db.raw(`record->>'payment_id' AS payment_id`));
  // Only orders this server made: the same provider account may take other sites' payments.
  if (!(await provider.orderReference(orderId))) {
    ctx.logger.warn({ orderId: loggableId(orderId), provider: provider.method }, 'payment for an order this server did not make: left alone');
    return { queued: 0, decidedBefore: false };
  }
  const order = await provider.readOrder(orderId);
  let queued = 0;
  let decidedBefore = false;
  for (const p of order.payments) {
    if (p.status !== 'captured' || refundedInFull(p)) continue;
    await ctx.db.transaction(async (trx) => {
      await recordEvent(trx, { provider: provider.method, eventId: `unattributed:${p.id}`, type: 'payment.unattributed', payload: { order_id: orderId, payment: p, archived_registration: archived?.id ?? null } });
      const captured = { provider: provider.method, paymentId: p.id, orderId, registrationId: archived?.id ?? null, amountCents: p.amountCents, currency: p.currency, refundedAtProviderCents: p.refundedCents };
      // An archived sale whose payment predates the ledger still bought its seat.
      const sold = archived?.status === 'completed' && archived.payment_id === p.id;
      const known = await lockPayment(trx, provider.method, p.id);
      if (known || sold) decidedBefore = true;
      if (!known && (await isForgotten(trx, provider.method, 'payment', p.id))) {
        decidedBefore = true;
        return;
      }
      const payment = known ?? (await recordPayment(trx, captured, sold ? 'seat' : 'refund'));
      if (await queueOwedRefund(trx, payment, { registrationId: null, reason: 'unattributed', providerRemaining: p.amountCents - p.refundedCents })) queued++;
    });
  }
  if (queued) ctx.logger.warn({ orderId: loggableId(orderId), provider: provider.method, queued }, 'money for an order with no registration: refunding');
  return { queued, decidedBefore };
}
