import { describe, expect, it } from 'vitest';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Found by the ninth review: a hand refund whose one webhook arrives while a refund of ours on
 * the same payment is in flight was left "for the next look" (it could have been that refund's
 * own money, had its call been refused), the webhook was answered 200, and nothing looked again
 * once our refund landed: the ledger said the business kept the whole fee while the provider had
 * given back more. The refund's runner now looks again once its call landed.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const slow = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);

describe('a hand refund at the dashboard while the policy refund is in flight at a slow PayPal', () => {
  it('ends with the ledger agreeing with the provider: refunded = captured - kept', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 'hand-inflight-noted');
    await startsIn(h, w.id, 5); // 3-7 days: 50% back, 4950 of 9900 kept
    await slow(6000);
    try {
      expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
      await waitFor(async () => (await h.db('refunds').where({ payment_id: b.paymentId }).whereNotNull('claim_id').first()) ?? false);
      await new Promise((r) => setTimeout(r, 700));
    } finally {
      await slow(0);
    }

    // An admin gives 20.00 back by hand at PayPal's dashboard; its webhook arrives once, while our call is in flight.
    const hand = await paypalDashboardRefund(h, b.paymentId, '20.00');
    expect(await hand.webhook()).toEqual({ status: 200, body: { status: 'refund_noted' } });
    await waitFor(async () => (await h.db('refunds').where({ payment_id: b.paymentId, status: 'succeeded' }).first()) ?? false, 30_000);
    await refundsSettled(h);

    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6950, refunds: 2 });
    // No further message about the payment is needed for the ledger to know.
    await waitFor(async () => (await h.db('payments').where({ payment_id: b.paymentId }).first('refunded_outside_cents')).refunded_outside_cents === 2000, 10_000);
    const ledger = await h.db('payments').where({ payment_id: b.paymentId }).first('amount_cents', 'kept_cents');
    expect(ledger.amount_cents - ledger.kept_cents).toBe(6950);

    // Replays change nothing: no refund of the fee the decision kept.
    await b.replay();
    await b.webhook();
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6950, refunds: 2 });
  }, 90_000);
});
