import { describe, expect, it } from 'vitest';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Sixth fresh review: a PayPal refund that once lost its answer (the call never landed), gave up,
 * and was then carried out by hand as the alert asks, asked PayPal for 0.00 on every retry and
 * stayed failed. It is now recorded as given back by hand.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);

describe('PayPal: a refund that lost an answer, gave up, and was made by hand', () => {
  it('is recorded as given back by hand, and the provider gave back the refund once', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'lost-hand');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const refundOf = () => h.db('refunds').where({ payment_id: b.paymentId }).first();
    await refundsDown(3600);
    try {
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 3000, reason: 'goodwill' } })).status).toBe(200);
      await waitFor(async () => {
        const r = await refundOf();
        return r.last_error && !r.claim_id ? r : undefined;
      });
      // Two days ago one attempt's answer was lost (it never reached PayPal); every attempt since was refused.
      const refund = await refundOf();
      await h.db('refunds').where({ id: refund.id }).update({ outcome_unknown_at: h.db.raw(`now() - interval '2 days'`), attempts: REFUND_MAX_ATTEMPTS - 1 });
      expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => (await refundOf()).status === 'failed');
    } finally {
      await refundsDown(0);
    }
    // The alert says to refund it from the dashboard; the admin does, and its webhook arrives.
    const hand = await paypalDashboardRefund(h, b.paymentId, '30.00');
    expect((await hand.webhook()).status).toBe(200);
    await waitFor(async () => (await refundOf()).status === 'succeeded', 20_000);
    expect(await refundOf()).toMatchObject({ amount_cents: 3000, credited_cents: 3000, provider_refund_id: 'given-back-by-hand' });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 3000, refunds: 1 });
    // An admin's refund cancels the booking: it ends refunded once its refund is recorded.
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('status')).toEqual({ status: 'refunded' });
  }, 90_000);
});
