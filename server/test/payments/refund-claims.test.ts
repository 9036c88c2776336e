import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server';
import { startAnotherInstance, useTestServer } from '../support/test-server';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/sandbox.credentials';
import { type Booked, bookByCard, bookByPaypal, refundedAtProvider, refundsSettled } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * One refund at the provider per decision (issue: refund holes, 3): an admin pressing retry on
 * a refund whose automatic run is still waiting on a slow provider starts a second job beside
 * the running one; with two server instances the two jobs may even run on different machines.
 * Only the runner holding the refund's claim in the database asks the provider.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
let other: RunningServer | undefined;
afterAll(() => other?.close());

const slowRefunds = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);
const jobRunning = async (refundId: string) =>
  (await h.db.raw(`SELECT 1 FROM graphile_worker._private_jobs WHERE payload->>'refund_id' = ? AND locked_at IS NOT NULL`, [refundId])).rows.length > 0;

describe.each(['razorpay', 'paypal'] as const)('%s: an admin retries a refund while its automatic run waits on a slow provider', (provider) => {
  it('makes the partial refund once, on two server instances', async () => {
    other ??= await startAnotherInstance(h.server, { JOB_POLL_INTERVAL_MS: '50' });
    const w = await createWorkshop(h.db);
    const b: Booked = provider === 'paypal' ? await bookByPaypal(h, w.id, `retry-race-${provider}`) : await bookByCard(h, w.id, `retry-race-${provider}`);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    await slowRefunds(1500);
    try {
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 4950, reason: 'goodwill' } })).status).toBe(200);
      const refund = await h.db('refunds').where({ payment_id: b.paymentId }).first();
      // The automatic run has the refund and is waiting on the provider: the admin presses retry, twice.
      await waitFor(() => jobRunning(refund.id), 10_000, 20);
      for (let i = 0; i < 2; i++) {
        const retry = await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token });
        expect(retry.status, retry.text).toBe(200);
      }
      // The retry's job starts while the first still waits: it finds the refund claimed and leaves it.
      await waitFor(async () => (await h.db.raw(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'refund_id' = ?`, [refund.id])).rows[0].n <= 1, 10_000, 20);
    } finally {
      await slowRefunds(0);
    }
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
    expect(await h.db('refunds').where({ payment_id: b.paymentId })).toMatchObject([{ status: 'succeeded', amount_cents: 4950, attempts: 1, claim_id: null }]);
  }, 60_000);
});

describe('a refund whose runner died while it held the claim', () => {
  it('is left alone until the lease runs out; the next runner then finds the refund the provider made and records it, never a second one', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'dead-runner');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 3600 } })).status).toBe(204);
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 1000, reason: 'goodwill' } })).status).toBe(200);
    const refund = await h.db('refunds').where({ payment_id: b.paymentId }).first();
    await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).last_error, 10_000, 20);
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } })).status).toBe(204);

    // A runner claimed it, the provider made the refund, and the runner died before recording it.
    await h.db('refunds').where({ id: refund.id }).update({ claim_id: h.db.raw('gen_random_uuid()'), claimed_until: h.db.raw(`now() + interval '5 minutes'`) });
    const made = await fetch(`${h.server.url}/sandbox/razorpay/v1/payments/${b.paymentId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic ' + Buffer.from(`${SANDBOX_CREDENTIALS.razorpayKeyId}:${SANDBOX_CREDENTIALS.razorpayKeySecret}`).toString('base64') },
      body: JSON.stringify({ amount: 1000, notes: { idempotency_key: refund.id } }),
    });
    expect(made.status).toBe(200);

    // An admin's retry meanwhile: the claim is still held, so nobody asks the provider again.
    expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
    await waitFor(async () => !(await jobRunning(refund.id)) && (await h.db.raw(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'refund_id' = ? AND run_at <= now()`, [refund.id])).rows[0].n === 0, 10_000, 20);
    expect(await h.db('refunds').where({ id: refund.id }).first()).toMatchObject({ status: 'queued' });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 1000, refunds: 1 });

    // The lease runs out: the next attempt claims it, finds the provider's refund by its key, and records it.
    await h.db('refunds').where({ id: refund.id }).update({ claimed_until: h.db.raw(`now() - interval '1 second'`) });
    expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
    await refundsSettled(h);
    expect(await h.db('refunds').where({ id: refund.id }).first()).toMatchObject({ status: 'succeeded', claim_id: null });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 1000, refunds: 1 });
  }, 60_000);
});
