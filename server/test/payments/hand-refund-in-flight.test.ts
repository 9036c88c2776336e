import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Same events as team-hand-refund.test.ts (seat 1 cancelled, a 99.00 goodwill refund by hand,
 * then the other two seats cancelled under the 50% policy), except that the provider is slow
 * with seat 1's refund: its call is still in flight when the hand refund's webhook arrives and
 * when the later cancellation's refund runs. Found by the fifth review: the hand refund was
 * ignored while a refund of ours was in flight, and the buyer got it on top of the policy refund.
 * Since the ninth review, the in-flight refund's runner notes the goodwill once its call landed.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const slow = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);

describe('a goodwill hand refund on a team order while seat 1 refund is slow at PayPal', () => {
  it('still counts toward the later seat cancellations: 3 x 4950 back in all', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const attendees = [
      { name: 'Ann slowhand', email: 'ann-slowhand@example.com' },
      { name: 'Bo slowhand', email: 'bo-slowhand@example.com' },
      { name: 'Cy slowhand', email: 'cy-slowhand@example.com' },
    ];
    const b = await bookByPaypal(h, w.id, 'team-slowhand', { seats: 3, attendees });
    await startsIn(h, w.id, 5); // 50% band: 4950 per seat
    const seats = (await h.api('GET', `/api/booking/${b.token}`)).body.seats as { id: string }[];

    await slow(8000);
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
    // Seat 1's refund is claimed and its call waits at the slow provider.
    await waitFor(async () => (await h.db('refunds').where({ payment_id: b.paymentId }).whereNotNull('claim_id').first()) ?? false);
    await new Promise((r) => setTimeout(r, 700));
    await slow(0);

    // Goodwill 99.00 by hand at the dashboard, its webhook on time.
    const { webhook } = await paypalDashboardRefund(h, b.paymentId, '99.00');
    expect(await webhook()).toEqual({ status: 200, body: { status: 'refund_noted' } });
    // Seat 1's refund may still land: what the goodwill is waits on it (were it refused for want of room, the hand money would be its own).
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents', 'refunded_outside_cents')).toEqual({ kept_cents: 24750, refunded_outside_cents: 0 });
    await waitFor(async () => (await h.db('refunds').where({ payment_id: b.paymentId, status: 'succeeded' }).first()) ?? false, 30_000);
    // Seat 1's refund landed: its runner looks again, and the goodwill is noted as the business's own decision, as
    // when nothing was in flight (team-hand-refund.test.ts), without waiting for any other message.
    await waitFor(async () => (await h.db('payments').where({ payment_id: b.paymentId }).first('refunded_outside_cents')).refunded_outside_cents === 9900, 10_000);
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents', 'refunded_outside_cents')).toEqual({ kept_cents: 14850, refunded_outside_cents: 9900 });
    // The other two seats cancelled under the policy: 2 x 4950, which the goodwill already at PayPal paid.
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    await refundsSettled(h);
    // PayPal delivers the hand refund's webhook once more (a later delivery): the ledger settles.
    expect((await webhook()).status).toBe(200);
    await refundsSettled(h);
    // Policy for three seats: 3 x 4950 = 14850 (the goodwill 9900 counts toward it, as in team-hand-refund.test.ts).
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 14850, refunds: 2 });
  }, 120_000);
});
