import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayDashboardRefund, razorpayRefundSentBack, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';

/**
 * Review 24: refundMadeAtProvider returned 'refund_made_again' as soon as it re-made a sent-back
 * refund, before the "all of the payment went back: the bookings end" step. When the webhook that
 * notices the sent-back refund is the one of a full refund made by hand at the dashboard (the
 * refund.failed message itself never arrived), the booking was never ended: every cent of the
 * payment back with the buyer and the seat still confirmed, paid by nothing. The refund made again
 * is credited with the hand money, and the booking ends.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

describe('a goodwill refund is sent back, then the admin refunds the whole payment by hand', () => {
  it('the booking ends: all of its money went back', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'r24-end');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id', 'amount');
    expect(reg.amount).toBe(9900);
    const gw = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 1000, reason: 'goodwill', keep_booking: true } });
    expect(gw.status, gw.text).toBe(200);
    await refundsSettled(h);
    const [g] = await h.db('refunds').where({ payment_id: b.paymentId });
    expect([g.status, g.amount_cents]).toEqual(['succeeded', 1000]);

    // The bank sends the goodwill refund back; Razorpay's refund.failed never reaches us.
    await razorpayRefundSentBack(h, g.provider_refund_id);
    // The buyer asks for everything back: the admin refunds all 99.00 at Razorpay's dashboard, and its webhook comes.
    const hand = await razorpayDashboardRefund(h, b.paymentId, 9900);
    const answer = await hand.webhook();
    expect(answer.status).toBe(200);
    await refundsSettled(h);
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);

    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9900, refunds: 1 });
    const after = await h.db('workshop_registrations').where({ id: reg.id }).first('status', 'seats');
    expect(answer.body, 'the hand refund webhook ends the booking').toEqual({ status: 'refunded' });
    // The goodwill refund sent back was owed again, and the hand money paid it: nothing more asked of Razorpay.
    expect(await h.db('refunds').where({ payment_id: b.paymentId }).select('status', 'credited_cents', 'provider_refund_id')).toEqual([{ status: 'succeeded', credited_cents: 1000, provider_refund_id: 'given-back-by-hand' }]);
    // Promise: money that reached us ends in exactly one seat OR back in full, not both.
    expect(after.status, 'all 99.00 went back: the booking is ended, as a full dashboard refund ends it').toBe('refunded');
  });
});
