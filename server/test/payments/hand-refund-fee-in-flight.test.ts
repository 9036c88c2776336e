import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Found by the seventh review. The buyer cancels 14 days ahead: the policy gives back 96.03 and
 * keeps the 2.97 fee. PayPal is slow over our refund (our call gives up, PayPal is still on it),
 * and meanwhile an admin carries the refund out by hand at the dashboard, its webhook on time.
 * The hand money could not be credited to a refund whose call might still land, so 2.97 of it was
 * noted as a goodwill decision of its own (the fee no longer kept); our call was then refused for
 * want of room, and the retry asked PayPal for the 2.97 fee. Whether a fee is kept must not depend
 * on when a webhook arrives: while a call of ours may land, the rest waits on it.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const slow = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);

describe('a policy cancellation whose refund is carried out by hand while our call is in flight', () => {
  it('keeps the 2.97 fee: 96.03 back in all, all of it by hand', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'fee-inflight');
    await slow(3000);
    try {
      expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 9603 });
      // Our call is on its way to PayPal.
      await waitFor(async () => (await h.db('refunds').where({ payment_id: b.paymentId }).whereNotNull('claim_id').first()) ?? false);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await slow(0);
    }
    const hand = await paypalDashboardRefund(h, b.paymentId, '96.03');
    expect((await hand.webhook()).body).toEqual({ status: 'refund_noted' });
    // Nothing is noted as a decision of its own while our call may still land.
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents', 'refunded_outside_cents')).toEqual({ kept_cents: 297, refunded_outside_cents: 0 });
    // PayPal wakes up to our call: no room left, refused; the retry finds the hand money its own.
    await new Promise((r) => setTimeout(r, 3000));
    await refundsSettled(h);
    expect(await h.db('refunds').where({ payment_id: b.paymentId }).first('status', 'amount_cents', 'credited_cents', 'provider_refund_id')).toEqual({
      status: 'succeeded',
      amount_cents: 9603,
      credited_cents: 9603,
      provider_refund_id: 'given-back-by-hand',
    });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents', 'refunded_outside_cents')).toEqual({ kept_cents: 297, refunded_outside_cents: 0 });
    // A later delivery of the same hand refund changes nothing.
    await hand.webhook();
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents')).toEqual({ kept_cents: 297 });
  }, 90_000);

  it('the same hand refund while our refund waits out an outage (no call in flight) is credited in full too', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'fee-outage');
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 3600 } })).status).toBe(204);
    try {
      expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 9603 });
      await waitFor(async () => (await h.db('refunds').where({ payment_id: b.paymentId }).whereNotNull('last_error').whereNull('claim_id').first()) ?? false);
    } finally {
      expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } })).status).toBe(204);
    }
    const hand = await paypalDashboardRefund(h, b.paymentId, '96.03');
    expect((await hand.webhook()).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents')).toEqual({ kept_cents: 297 });
  }, 90_000);
});
