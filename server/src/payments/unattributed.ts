import type { PaymentProvider } from './payment-provider';
import { refundedInFull } from './payment-provider';
import { recordEvent } from './payment-events.queries';
import type { PaymentsContext } from './payments.context';
import { queueRefund } from './refunds/refund.queue';

/**
 * Verified money for an order no bookable registration owns (its row was cleared, or never
 * existed here) is given back, never kept. The one exception: the very payment of an archived
 * completed registration bought its seat before an admin cleared the list.
 */
export async function refundUnattributed(ctx: PaymentsContext, provider: PaymentProvider, orderId: string): Promise<number> {
  const archived = await ctx.db('workshop_registrations_archive')
    .whereRaw(`record->>'provider_order_id' = ? AND record->>'payment_method' = ?`, [orderId, provider.method])
    .first('id', ctx.db.raw(`record->>'status' AS status`), ctx.db.raw(`record->>'payment_id' AS payment_id`));
  // Only orders this server made: the same provider account may take other sites' payments.
  if (!(await provider.orderReference(orderId))) {
    ctx.logger.warn({ orderId, provider: provider.method }, 'payment for an order this server did not make: left alone');
    return 0;
  }
  const order = await provider.readOrder(orderId);
  let queued = 0;
  for (const p of order.payments) {
    if (p.status !== 'captured' || refundedInFull(p)) continue;
    if (archived?.status === 'completed' && archived.payment_id === p.id) continue;
    await ctx.db.transaction(async (trx) => {
      await recordEvent(trx, { provider: provider.method, eventId: `unattributed:${p.id}`, type: 'payment.unattributed', payload: { order_id: orderId, payment: p, archived_registration: archived?.id ?? null } });
      const owed = { registrationId: null, provider: provider.method, paymentId: p.id, amountCents: p.amountCents - p.refundedCents, currency: p.currency, reason: 'unattributed' as const };
      if (await queueRefund(trx, owed)) queued++;
    });
  }
  if (queued) ctx.logger.warn({ orderId, provider: provider.method, queued }, 'money for an order with no registration: refunding');
  return queued;
}
