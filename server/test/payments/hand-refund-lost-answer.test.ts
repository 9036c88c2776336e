import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayDashboardRefund, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Razorpay: seat 1's refund lost its answer (it lands a moment later). Found by the fifth review:
 * for the next hour every hand refund's webhook, and every other refund's credit check, was
 * skipped on this payment, so a goodwill refund by hand came on top of the policy refund.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const slow = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);

describe('Razorpay: a goodwill hand refund while seat 1 refund has lost its answer', () => {
  it('counts toward the later seat cancellations: 3 x 4950 back in all', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const attendees = [1, 2, 3].map((i) => ({ name: `L${i} lost`, email: `l${i}-lost@example.com` }));
    const { paymentId, token } = await bookByCard(h, w.id, 'lost-hand', { seats: 3, attendees });
    await startsIn(h, w.id, 5); // 50% band: 4950 per seat
    const seats = (await h.api('GET', `/api/booking/${token}`)).body.seats as { id: string }[];

    await slow(2500);
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } })).body.refund_cents).toBe(4950);
    // The call times out after 1 s; Razorpay makes the refund 1.5 s later.
    await waitFor(async () => (await h.db('refunds').where({ payment_id: paymentId }).whereNotNull('outcome_unknown_at').first()) ?? false);
    await slow(0);
    await waitFor(async () => (await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: paymentId }).first()) ?? false);

    // Minutes later: a 99.00 goodwill refund at the dashboard, its webhook on time.
    const { webhook } = await razorpayDashboardRefund(h, paymentId, 9900);
    expect((await webhook()).body).toEqual({ status: 'refund_noted' });
    expect(await h.db('payments').where({ payment_id: paymentId }).first('kept_cents', 'refunded_outside_cents')).toEqual({ kept_cents: 14850, refunded_outside_cents: 9900 });
    // Then the buyer cancels the other two seats under the policy: the goodwill already covers them.
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    // Then the buyer cancels the other two seats under the policy.
    // Seat 1's refund is found by its key on a later attempt (an admin presses retry to make it now).
    const r1 = await h.db('refunds').where({ payment_id: paymentId, amount_cents: 4950 }).first();
    await h.api('POST', `/api/admin/attention/refunds/${r1.id}/retry`, { token: h.token });
    await refundsSettled(h);
    await webhook(`evt_${randomUUID()}`); // a later delivery of the hand refund's event, under a fresh event id
    // Policy for three seats: 3 x 4950 = 14850, the goodwill 9900 counting toward it.
    expect((await refundedAtProvider(h, { provider: 'razorpay', paymentId })).cents).toBe(14850);
  }, 120_000);
});
