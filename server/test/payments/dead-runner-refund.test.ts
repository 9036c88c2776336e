import { describe, expect, it } from 'vitest';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/sandbox.credentials';
import { useTestServer } from '../support/test-server';
import { bookByCard, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Two refunds of ours on one team payment (two seats cancelled). The runner of the first dies
 * after Razorpay made it (as in refund-claims.test.ts); once its lease ran out, the second
 * refund runs first. Found by the fifth review: it took the first refund's money for a refund
 * made by hand, and one seat's refund was never made. Refunds are told apart by the key each
 * carries, never by totals.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const retry = async (id: string) => expect((await h.api('POST', `/api/admin/attention/refunds/${id}/retry`, { token: h.token })).status).toBe(200);

describe('a Razorpay refund whose runner died after the provider made it, then a second seat refund of the same payment', () => {
  it('both seats are refunded: 2 x 4950 at the provider', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const attendees = [
      { name: 'Ann dead', email: 'ann-dead@example.com' },
      { name: 'Bo dead', email: 'bo-dead@example.com' },
      { name: 'Cy dead', email: 'cy-dead@example.com' },
    ];
    const { paymentId, token } = await bookByCard(h, w.id, 'dead-two', { seats: 3, attendees });
    await startsIn(h, w.id, 5); // 50% band: 4950 per seat
    const seats = (await h.api('GET', `/api/booking/${token}`)).body.seats as { id: string }[];

    await refundsDown(3600);
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true, attendee_ids: [seats[1].id] } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
    const [r1, r2] = await h.db('refunds').where({ payment_id: paymentId }).orderBy('created_at');
    // Both fail during the outage through their last attempt (Razorpay's refund list is down too, so
    // neither gives up: the provider cannot say which refunds it made; they wait for their next wake-up).
    for (const r of [r1, r2]) {
      await waitFor(async () => {
        const x = await h.db('refunds').where({ id: r.id }).first();
        return x.attempts >= 1 && !x.claim_id;
      });
      await h.db('refunds').where({ id: r.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
      await retry(r.id);
      await waitFor(async () => {
        const x = await h.db('refunds').where({ id: r.id }).first();
        return x.attempts >= REFUND_MAX_ATTEMPTS && !x.claim_id;
      });
      expect((await h.db('refunds').where({ id: r.id }).first()).status).toBe('queued');
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${r.id}`]);
    }
    await refundsDown(0);

    // The admin retries R1: a runner claims it, Razorpay makes it, the runner dies before recording it.
    await h.db('refunds').where({ id: r1.id }).update({ status: 'queued', claim_id: h.db.raw('gen_random_uuid()'), claimed_until: h.db.raw(`now() + interval '5 minutes'`) });
    const made = await fetch(`${h.server.url}/sandbox/razorpay/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic ' + Buffer.from(`${SANDBOX_CREDENTIALS.razorpayKeyId}:${SANDBOX_CREDENTIALS.razorpayKeySecret}`).toString('base64') },
      body: JSON.stringify({ amount: 4950, notes: { idempotency_key: r1.id } }),
    });
    expect(made.status).toBe(200);
    // Five minutes later its lease has run out. The admin retries R2 first, then R1.
    await h.db('refunds').where({ id: r1.id }).update({ claimed_until: h.db.raw(`now() - interval '1 second'`) });
    await retry(r2.id);
    await waitFor(async () => (await h.db('refunds').where({ id: r2.id }).first()).status === 'succeeded');
    await retry(r1.id);
    await refundsSettled(h);
    // Two seats cancelled at 50%: 2 x 4950 goes back.
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId })).toEqual({ cents: 9900, refunds: 2 });
  }, 120_000);
});
