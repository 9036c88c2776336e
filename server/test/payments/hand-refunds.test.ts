import { describe, expect, it } from 'vitest';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Refunds made by hand at the provider's dashboard (found by a fresh review): they count toward
 * what a decision gives back, whether they come before the decision (a goodwill refund whose
 * webhook is late) or after our own refund gave up (the failed-refund alert asks admins to do
 * exactly that). The buyer gets what was decided, never that and the hand refund on top, and a
 * refund is never queued that the provider can no longer make.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);

describe('a refund that gave up, made by hand at the dashboard, then retried', () => {
  it('is recorded as given back by hand: the half-band cancellation is refunded once (4950), not twice', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'hand-then-retry');
    await startsIn(h, w.id, 5);
    await refundsDown(600);
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
    const refund = await waitFor(async () => {
      const r = await h.db('refunds').where({ payment_id: b.paymentId }).first();
      return r?.attempts >= 1 && !r.claim_id ? r : undefined;
    });
    // Five days of failures later, the last attempt fails: the admins are told to refund it by hand.
    await h.db('refunds').where({ id: refund.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
    expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
    await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).status === 'failed');
    await refundsDown(0);

    const { webhook } = await paypalDashboardRefund(h, b.paymentId, '49.50');
    expect((await webhook()).status).toBe(200);
    expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
    expect(await h.db('refunds').where({ id: refund.id }).first()).toMatchObject({ status: 'succeeded', credited_cents: 4950, provider_refund_id: 'given-back-by-hand' });
  }, 60_000);
});

describe('a goodwill refund at the dashboard, then the buyer cancels under the policy', () => {
  it('with its webhook late: the cancellation asks only for the rest, and the buyer ends with the 9603 the policy gives back', async () => {
    const w = await createWorkshop(h.db); // 14 days ahead: all back but the 297 fee
    const b = await bookByPaypal(h, w.id, 'dashboard-then-cancel-late');
    const { webhook } = await paypalDashboardRefund(h, b.paymentId, '20.00');
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 9603 });
    expect((await webhook()).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 2 });
    expect(await h.db('refunds').where({ payment_id: b.paymentId }).first()).toMatchObject({ status: 'succeeded', amount_cents: 9603, credited_cents: 2000 });
  }, 60_000);

  it('with its webhook on time: the hand refund is no longer kept, and the cancellation gives back the rest of the policy amount', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'dashboard-then-cancel-noted');
    const hand = await paypalDashboardRefund(h, b.paymentId, '20.00');
    expect((await hand.webhook()).status).toBe(200);
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first()).toMatchObject({ kept_cents: 7900, refunded_outside_cents: 2000, decision: 'refunded_at_provider' });
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 7603 });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 2 });
  }, 60_000);
});

describe('what an admin sees before refunding', () => {
  it("the registration's payment shows what went back by hand: an admin's refund is decided with it in sight, and one it could not see counts it", async () => {
    const w = await createWorkshop(h.db);
    const seen = await bookByPaypal(h, w.id, 'detail-hand-seen');
    const seenHand = await paypalDashboardRefund(h, seen.paymentId, '20.00');
    expect((await seenHand.webhook()).status).toBe(200);
    const seenReg = await h.db('workshop_registrations').where({ email: seen.email }).first();
    const detail = await h.api('GET', `/api/admin/registrations/${seenReg.id}`, { token: h.token });
    expect(detail.body.money).toEqual({ captured_cents: 9900, kept_cents: 7900, refunded_cents: 0, refunded_by_hand_cents: 2000 });
    // Knowing it, the admin gives back 30.00 more.
    expect((await h.api('POST', `/api/admin/registrations/${seenReg.id}/refund`, { token: h.token, body: { amount_cents: 3000, reason: 'goodwill' } })).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, seen)).toEqual({ cents: 5000, refunds: 2 });

    // The webhook of this one is late: the admin's 30.00 counts what already went back, and says so.
    const unseen = await bookByPaypal(h, w.id, 'detail-hand-unseen');
    await paypalDashboardRefund(h, unseen.paymentId, '20.00');
    const unseenReg = await h.db('workshop_registrations').where({ email: unseen.email }).first();
    expect((await h.api('POST', `/api/admin/registrations/${unseenReg.id}/refund`, { token: h.token, body: { amount_cents: 3000, reason: 'goodwill' } })).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, unseen)).toEqual({ cents: 3000, refunds: 2 });
    expect((await h.api('GET', `/api/admin/registrations/${unseenReg.id}`, { token: h.token })).body.money).toEqual({ captured_cents: 9900, kept_cents: 6900, refunded_cents: 1000, refunded_by_hand_cents: 2000 });
  }, 60_000);
});
