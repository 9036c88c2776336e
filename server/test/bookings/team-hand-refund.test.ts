import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';

/**
 * A hand refund at the dashboard on a team order after one of its seats was cancelled (found by
 * a fourth fresh review): it counts toward the later seats' policy refunds, as it does on an order
 * with no refund of ours yet.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const providerDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/providers/outage', { body: { seconds } })).status).toBe(204);

describe('a goodwill refund by hand on a team order after one seat was cancelled', () => {
  it('counts toward the later seat cancellations (as it does on an order with no refund of ours yet)', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const attendees = [
      { name: 'Ann hand', email: 'ann-hand@example.com' },
      { name: 'Bo hand', email: 'bo-hand@example.com' },
      { name: 'Cy hand', email: 'cy-hand@example.com' },
    ];
    const b = await bookByPaypal(h, w.id, 'team-hand', { seats: 3, attendees });
    await startsIn(h, w.id, 5); // 50% band: 4950 back per seat
    const seats = (await h.api('GET', `/api/booking/${b.token}`)).body.seats as { id: string }[];
    // Seat 1 cancelled: our refund R1 (4950) goes through.
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
    await refundsSettled(h);
    // Goodwill: 99.00 by hand at the dashboard, its webhook on time.
    const hand = await paypalDashboardRefund(h, b.paymentId, '99.00');
    expect(await hand.webhook()).toMatchObject({ status: 200, body: { status: 'refund_noted' } });
    // Nothing of ours was open: the hand refund is a decision of its own, no longer kept.
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first()).toMatchObject({ kept_cents: 14850, refunded_outside_cents: 9900 });
    // A short provider outage (its API answers 503): the two remaining seats are cancelled while refunds wait.
    await providerDown(600);
    // The hand refund counts toward the two seats' policy refunds: nothing more goes back for them.
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true, attendee_ids: [seats[1].id] } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    await providerDown(0);
    await refundsSettled(h);
    // Policy for three seats: 3 × 4950 = 14850, of which 9900 went back by hand.
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 14850, refunds: 2 });
  }, 90_000);
});
