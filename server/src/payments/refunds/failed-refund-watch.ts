import { errorText } from '../../http/error-text';
import { failedRefundsAt, type PaymentProvider } from '../payment-provider';
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
  const due: Due[] = (
    await ctx.db.raw(
      `UPDATE refunds f SET looked_at = now()
        WHERE f.id IN (SELECT id FROM refunds WHERE status = 'failed' AND updated_at > now() - ${WATCH_FOR}
                          AND (looked_at IS NULL OR looked_at < now() - ${LOOK_EVERY})
                        ORDER BY updated_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING f.provider, f.payment_id`,
    )
  ).rows;
  return lookAtPayments(ctx, due, 'could not look at a failed refund’s payment at its provider; looked at again later');
}

/** How often a refund that went through is looked at again, and for how long after (banks send refunds back within days). */
const LOOK_AGAIN_EVERY = `interval '6 hours'`;
const WATCH_MADE_FOR = `interval '14 days'`;

/**
 * Refunds that went through at a provider that can still fail them (Razorpay: the bank sends the
 * money back) are looked at again, each at most every six hours for two weeks: a `refund.failed`
 * that never reached us must not leave the buyer without their money (hand-refunds.ts makes such a
 * refund again). Run by the reconcile pass; answers how many payments were looked at.
 */
export async function watchSentBackRefunds(ctx: PaymentsContext): Promise<number> {
  const watched = Object.values(ctx.providers).filter((p): p is PaymentProvider => Boolean(p?.failedRefunds)).map((p) => p.method);
  if (!watched.length) return 0;
  const due: Due[] = (
    await ctx.db.raw(
      `UPDATE refunds f SET looked_at = now()
        WHERE f.id IN (SELECT id FROM refunds WHERE status = 'succeeded' AND provider = ANY(?) AND completed_at > now() - ${WATCH_MADE_FOR}
                          AND (looked_at IS NULL OR looked_at < now() - ${LOOK_AGAIN_EVERY})
                        ORDER BY looked_at NULLS FIRST, completed_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING f.provider, f.payment_id`,
      [watched],
    )
  ).rows;
  return lookAtPayments(ctx, due, 'could not look at a refund that went through at its provider; looked at again later');
}

type Due = { provider: 'paypal' | 'razorpay'; payment_id: string };

/**
 * Each payment's refunds as its provider has them now: a refund of ours sent back is owed again,
 * hand money is attributed, and a payment given back in full ends its bookings. A provider that
 * does not answer is asked at the next look.
 */
async function lookAtPayments(ctx: PaymentsContext, due: Due[], unanswered: string): Promise<number> {
  const payments = [...new Map(due.map((d) => [`${d.provider}:${d.payment_id}`, d])).values()];
  for (const p of payments) {
    const provider = ctx.providers[p.provider];
    const ledger: { order_id: string | null; amount_cents: number } | undefined = await ctx.db('payments').where({ provider: p.provider, payment_id: p.payment_id }).first('order_id', 'amount_cents');
    const orderId = ledger?.order_id;
    if (!provider || !ledger || !orderId) continue;
    try {
      const atProvider = await provider.listRefunds({ orderId, paymentId: p.payment_id });
      const sentBack = await failedRefundsAt(provider, p.payment_id);
      await ctx.db.transaction((trx) => attributeHandRefunds(trx, p.provider, p.payment_id, atProvider, undefined, ctx.sender, sentBack));
      const back = atProvider.reduce((n, r) => n + r.amountCents, 0);
      if (back >= ledger.amount_cents) await endBookingsRefundedInFull(ctx, p.provider, p.payment_id, ledger.amount_cents);
    } catch (err) {
      ctx.logger.warn({ err: errorText(err), paymentId: p.payment_id }, unanswered);
    }
  }
  return payments.length;
}
