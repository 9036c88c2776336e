import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';

/**
 * Found by the eighth review: a refund runner looks at the provider's refunds (creditNow → listRefunds), then locks the
 * payment's ledger row and reads our refund rows (attributeHandRefunds). A refund of ours on the
 * same capture that lands and is recorded between the two is seen as "succeeded" with a provider
 * refund id the (older) provider list does not have, so coveredByHand counts it as paid by hand
 * money: the hand refund an admin made for the waiting refund is used up on it, the waiting
 * refund is not credited, and it asks PayPal for its whole amount again.
 *
 * Team of 3 at 99.00 (297.00), 14 days ahead: the policy gives back 96.03 a seat. Seat A's refund
 * fails in a refunds outage (the admin is alerted, "carry it out by hand"). Seat B is cancelled;
 * its refund is slow at PayPal. The admin carries out seat A's 96.03 by hand and presses retry.
 * The retry's runner reads PayPal's refunds (the hand one only) before seat B's refund lands, and
 * locks the ledger row after seat B's refund is recorded. (The window is the N getRefund calls
 * listRefunds makes, round trips to PayPal; here it is held open by a transaction on the ledger row,
 * the lock every decision and webhook takes.)
 * Expected: 2 × 96.03 = 192.06 back in all, seat A's refund credited with the hand money.
 * It was 288.09: seat A paid twice (by hand and by us), the third seat's price no longer kept.
 * Only a refund recorded as "already refunded" at the provider counts as paid by hand now.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '10000' } });
const slow = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const team = (tag: string) => [1, 2, 3].map((i) => ({ name: `R${i} ${tag}`, email: `r${i}-${tag}@example.com` }));

describe('a hand refund for a waiting refund, seen by its runner while another refund of ours lands', () => {
  it('credits the hand money to the waiting refund: 192.06 back in all, never 288.09', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 'stale', { seats: 3, attendees: team('stale') });
    await startsIn(h, w.id, 14);
    const seats = (await h.api('GET', `/api/booking/${b.token}`)).body.seats as { id: string }[];

    // Seat A: its refund fails while PayPal's refunds are down; an admin's retries push its next attempt a minute out.
    await refundsDown(3600);
    const a = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } });
    expect(a.body).toEqual({ confirmed: true, refund_cents: 9603 });
    const r1 = await h.db('refunds').where({ payment_id: b.paymentId }).first();
    for (let n = 1; n <= 4; n++) {
      await waitFor(async () => {
        const r = await h.db('refunds').where({ id: r1.id }).first();
        return r.attempts >= n && !r.claim_id && r.last_error;
      }, 30_000);
      if (n < 4) expect((await h.api('POST', `/api/admin/attention/refunds/${r1.id}/retry`, { token: h.token })).status).toBe(200);
    }
    await refundsDown(0);

    // Seat B: its refund is on its way to a slow PayPal.
    await slow(4000);
    const bCancel = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true, attendee_ids: [seats[1].id] } });
    expect(bCancel.body).toEqual({ confirmed: true, refund_cents: 9603 });
    const r2 = await waitFor(async () => h.db('refunds').where({ payment_id: b.paymentId }).whereNot({ id: r1.id }).whereNotNull('claim_id').first());
    await new Promise((r) => setTimeout(r, 500));
    await slow(0);

    // The admin carries out seat A's refund by hand, as the alert asks (its webhook may come later).
    const hand = await paypalDashboardRefund(h, b.paymentId, '96.03');

    // A transaction on the ledger row stands in for the listRefunds round trips: the runner has read PayPal, not yet locked.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const locked = new Promise<void>((ready) => {
      void h.db.transaction(async (trx) => {
        await trx('payments').where({ provider: 'paypal', payment_id: b.paymentId }).forUpdate().first('id');
        ready();
        await held;
      });
    });
    await locked;
    // The admin's retry wakes seat A's refund (done here as the retry does it: the retry itself now waits for the ledger lock).
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [`refund:${r1.id}`]);
    // Seat A's runner claims its refund and reads PayPal (hand refund there, seat B's not yet) ...
    await waitFor(async () => (await h.db('refunds').where({ id: r1.id }).whereNotNull('claim_id').first()) ?? false);
    await new Promise((r) => setTimeout(r, 500));
    // ... seat B's refund lands at PayPal and is recorded ...
    await waitFor(async () => (await h.db('refunds').where({ id: r2.id, status: 'succeeded' }).first()) ?? false, 30_000);
    // ... and only now does seat A's runner get the ledger row.
    release();

    await refundsSettled(h);
    await hand.webhook();
    await refundsSettled(h);

    expect(await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first('status', 'seats')).toEqual({ status: 'completed', seats: 1 });
    // Two seats cancelled under the policy: 96.03 each went back (seat B's by us, seat A's by hand); seat C and both fees are kept.
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 19206, refunds: 2 });
    expect(await h.db('refunds').where({ id: r1.id }).first('status', 'credited_cents', 'provider_refund_id')).toEqual({ status: 'succeeded', credited_cents: 9603, provider_refund_id: 'given-back-by-hand' });
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents', 'refunded_outside_cents')).toEqual({ kept_cents: 29700 - 19206, refunded_outside_cents: 0 });
  }, 180_000);
});
