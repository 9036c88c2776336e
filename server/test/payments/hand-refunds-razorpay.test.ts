import { describe, expect, it } from 'vitest';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { type Booked, bookByCard, razorpayDashboardRefund, refundedAtProvider, refundsSettled } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Refunds made by hand at Razorpay's dashboard count even after one of our calls lost its answer
 * (found by a third fresh review: one old lost answer switched the credit off for good). Once the
 * lost call is known not to have landed (looked for by its key, after it could no longer land),
 * what was given back by hand counts toward the refund and only the rest is asked for.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
// Razorpay answers, and refuses new refunds: a refund can only give up when the provider can say which refunds it made.
const lowBalance = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/low-balance', { body: { seconds } })).status).toBe(204);
const refundOf = (b: Booked) => h.db('refunds').where({ payment_id: b.paymentId }).first();
const retry = async (id: string) => expect((await h.api('POST', `/api/admin/attention/refunds/${id}/retry`, { token: h.token })).status).toBe(200);

describe('a Razorpay refund that once lost its answer, gave up, was refunded by hand, then retried', () => {
  it("the admin's 3000 refund is given back once (3000), not twice", async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'rv3-lost-then-hand');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    await lowBalance(3600);
    try {
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 3000, reason: 'goodwill' } })).status).toBe(200);
      await waitFor(async () => {
        const r = await refundOf(b);
        return r.last_error && !r.claim_id ? r : undefined;
      });
      const refund = await refundOf(b);
      // Two days ago one attempt's answer was lost (the request never reached Razorpay, as in
      // refund-answer-lost.test.ts); every attempt since was refused for lack of balance. Five days on, the last one:
      await h.db('refunds').where({ id: refund.id }).update({ outcome_unknown_at: h.db.raw(`now() - interval '2 days'`), attempts: REFUND_MAX_ATTEMPTS - 1 });
      await retry(refund.id);
      await waitFor(async () => (await refundOf(b)).status === 'failed');
    } finally {
      await lowBalance(0);
    }
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
    // The alert says: retry, or refund it from the provider's dashboard. The admin does the latter...
    const hand = await razorpayDashboardRefund(h, b.paymentId, 3000);
    expect((await hand.webhook()).status).toBe(200);
    // ...and, as with PayPal (hand-refunds.test.ts), presses retry so the refund is recorded. The webhook
    // already woke the refund to record the hand money: the press may come after it did so.
    const again = await h.api('POST', `/api/admin/attention/refunds/${(await refundOf(b)).id}/retry`, { token: h.token });
    if (again.status !== 200) expect([again.status, again.body.error?.message]).toEqual([409, expect.stringContaining('This refund already went through')]);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 3000, refunds: 1 });
  }, 60_000);
});

describe('a goodwill refund at the Razorpay dashboard (webhook late), then a policy cancel whose refund once lost its answer', () => {
  it('the buyer ends with the 9603 the policy gives back, or a refund that can still succeed', async () => {
    const w = await createWorkshop(h.db); // 14 days ahead: all back but the 297 fee
    const b = await bookByCard(h, w.id, 'rv3-goodwill-then-cancel');
    await razorpayDashboardRefund(h, b.paymentId, 2000); // its webhook has not come yet
    await refundsDown(3600);
    try {
      expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 9603 });
      await waitFor(async () => {
        const r = await refundOf(b);
        return r.last_error && !r.claim_id ? r : undefined;
      });
      // One attempt's answer was lost an hour ago (it never reached Razorpay); the ones since were answered 503.
      await h.db('refunds').where({ payment_id: b.paymentId }).update({ outcome_unknown_at: h.db.raw(`now() - interval '1 hour'`) });
    } finally {
      await refundsDown(0);
    }
    await retry((await refundOf(b)).id);
    await refundsSettled(h);
    // The hand refund counts toward the policy's 9603: only the rest (7603) was asked for.
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 2 });
    expect(await refundOf(b)).toMatchObject({ status: 'succeeded', amount_cents: 9603, credited_cents: 2000 });
  }, 60_000);
});
