import { errorText } from '../../http/error-text';
import type { PaymentsContext } from '../payments.context';
import { endBookingsRefundedInFull } from '../refunded-in-full';
import { attributeHandRefunds } from './hand-refunds';

/** How often a refund that gave up is looked at again, and for how long after it last changed. */
const LOOK_EVERY = `interval '10 minutes'`;
const WATCH_FOR = `interval '14 days'`;
const BATCH = 20;

/**
 * Refunds that gave up are looked at again at their provider (each payment at most every ten
 * minutes, for two weeks after the refund last changed): what an admin gave back by hand since,
 * as the alert asks, is credited even if no webhook of it ever reaches us. Fully covered, the
 * refund closes itself (hand-refunds.ts wakes it to record itself); covered in part, the admins
 * get its alert again with what is still owed. A provider that does not answer is asked at the
 * next look. All of the payment given back (the alert's money and more, by hand): its bookings end,
 * as the refund's webhook would have ended them. Run by the reconcile pass; answers how many payments were looked at.
 */
export async function watchFailedRefunds(ctx: PaymentsContext): Promise<number> {
  // Claimed by setting looked_at first, so two instances never look at the same payment at once.
  const due: { provider: 'paypal' | 'razorpay'; payment_id: string }[] = (
    await ctx.db.raw(
      `UPDATE refunds f SET looked_at = now()
        WHERE f.id IN (SELECT id FROM refunds WHERE status = 'failed' AND updated_at > now() - ${WATCH_FOR}
                          AND (looked_at IS NULL OR looked_at < now() - ${LOOK_EVERY})
                        ORDER BY updated_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING f.provider, f.payment_id`,
    )
  ).rows;
  const payments = [...new Map(due.map((d) => [`${d.provider}:${d.payment_id}`, d])).values()];
  for (const p of payments) {
    const provider = ctx.providers[p.provider];
    const ledger: { order_id: string | null; amount_cents: number } | undefined = await ctx.db('payments').where({ provider: p.provider, payment_id: p.payment_id }).first('order_id', 'amount_cents');
    const orderId = ledger?.order_id;
    if (!provider || !ledger || !orderId) continue;
    try {
      const atProvider = await provider.listRefunds({ orderId, paymentId: p.payment_id });
      await ctx.db.transaction((trx) => attributeHandRefunds(trx, p.provider, p.payment_id, atProvider, undefined, ctx.sender));
      const back = atProvider.reduce((n, r) => n + r.amountCents, 0);
      if (back >= ledger.amount_cents) await endBookingsRefundedInFull(ctx, p.provider, p.payment_id, ledger.amount_cents);
    } catch (err) {
      ctx.logger.warn({ err: errorText(err), paymentId: p.payment_id }, 'could not look at a failed refund’s payment at its provider; looked at again later');
    }
  }
  return payments.length;
}
