import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { type Booked, bookByCard, bookByPaypal, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * A refund call whose answer is lost (the provider answers after PROVIDER_TIMEOUT_MS, or the
 * connection drops) may still be made at the provider. Razorpay takes no idempotency key: the
 * next attempts only look for the refund, never ask again, until the lost call can no longer
 * land (found by a fresh review: a partial refund was made twice). PayPal's request id makes
 * asking again safe.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });

const slowRefunds = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);
const refundOf = (b: Booked) => h.db('refunds').where({ payment_id: b.paymentId }).first();
const retry = async (id: string) => expect((await h.api('POST', `/api/admin/attention/refunds/${id}/retry`, { token: h.token })).status).toBe(200);

async function adminRefund(b: Booked, cents: number) {
  const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
  expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: cents, reason: 'goodwill' } })).status).toBe(200);
}

describe('Razorpay answers a refund after the server stopped waiting', () => {
  it("an admin's partial refund, retried by the admin while the provider is still making it, is made once", async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'lost-answer-admin');
    await slowRefunds(2500);
    try {
      await adminRefund(b, 2000);
      const refund = await waitFor(async () => {
        const r = await refundOf(b);
        return r.outcome_unknown_at ? r : undefined;
      });
      expect(refund.last_error).toMatch(/Razorpay did not answer the refund .*: it may still be made/);
      // The admin presses retry at once: the refund is looked for, not asked for again.
      await retry(refund.id);
      await waitFor(async () => /looked for, not made again/.test((await refundOf(b)).last_error ?? ''));
      expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
    } finally {
      await slowRefunds(0);
    }
    // The provider makes it; the next look finds it.
    await waitFor(async () => (await refundedAtProvider(h, b)).refunds === 1);
    await retry((await refundOf(b)).id);
    await refundsSettled(h);
    expect(await refundOf(b)).toMatchObject({ status: 'succeeded', amount_cents: 2000, outcome_unknown_at: null });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 2000, refunds: 1 });
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first()).toMatchObject({ amount_cents: 9900, kept_cents: 7900 });
  }, 60_000);

  it("a buyer's cancel in the half band keeps its fee while the job retries on its own", async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'lost-answer-buyer');
    await startsIn(h, w.id, 5);
    await slowRefunds(2500);
    try {
      expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
      await waitFor(async () => (await refundOf(b)).outcome_unknown_at);
    } finally {
      await slowRefunds(0);
    }
    // graphile-worker's own backoff brings the job back; it finds the refund once the provider made it.
    await waitFor(async () => (await refundOf(b)).status === 'succeeded', 30_000, 100);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
  }, 60_000);

  it('a lost call that never reached the provider is made again only once it can no longer land', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'lost-answer-never-landed');
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 3600 } })).status).toBe(204);
    try {
      await adminRefund(b, 3000);
      await waitFor(async () => (await refundOf(b)).last_error);
    } finally {
      expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } })).status).toBe(204);
    }
    // Say the last call's answer was lost a minute ago (the request never reached Razorpay).
    const refund = await refundOf(b);
    await h.db('refunds').where({ id: refund.id }).update({ outcome_unknown_at: h.db.raw(`now() - interval '1 minute'`) });
    await retry(refund.id);
    await waitFor(async () => /looked for, not made again/.test((await refundOf(b)).last_error ?? ''));
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
    // An hour on, it cannot land any more: the refund is asked for, once.
    await h.db('refunds').where({ id: refund.id }).update({ outcome_unknown_at: h.db.raw(`now() - interval '61 minutes'`) });
    await retry(refund.id);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 3000, refunds: 1 });
  }, 60_000);
});

describe('an admin presses retry while a refund call is in flight, and that call then fails (found by the money model)', () => {
  it('the refund is still made, once: the refund row keeps its retries, not the job graphile-worker took them from', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'retry-then-timeout');
    await slowRefunds(2500);
    try {
      await adminRefund(b, 2500);
      const refund = await refundOf(b);
      await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).claim_id, 10_000, 20);
      // The admin's retry moves the job key to a new job; the running call then times out.
      await retry(refund.id);
      await waitFor(async () => (await refundOf(b)).last_error, 10_000, 20);
    } finally {
      await slowRefunds(0);
    }
    // Time passes: whichever wake-up is due comes back and makes it (PayPal's request id answers the landed one).
    await waitFor(async () => {
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE payload->>'refund_id' = ? AND locked_at IS NULL`, [(await refundOf(b)).id]);
      return (await refundOf(b)).status === 'succeeded';
    }, 30_000, 200);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 2500, refunds: 1 });
    // No job is left behind as permanently failed (the metrics would report it as a failing job); the
    // one that made the refund leaves the table once its task returns, a moment after the refund says so.
    const jobsLeft = async () => (await h.db.raw(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'refund_id' = ?`, [(await refundOf(b)).id])).rows[0].n as number;
    await waitFor(async () => (await jobsLeft()) === 0, 15_000, 100).catch(() => undefined);
    expect(await jobsLeft()).toBe(0);
  }, 60_000);
});

describe('PayPal answers a refund after the server stopped waiting', () => {
  it('is asked again with the same request id at once, and refunds once', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'lost-answer-paypal');
    await slowRefunds(2500);
    try {
      await adminRefund(b, 2000);
      await waitFor(async () => (await refundOf(b)).attempts >= 2, 30_000, 50);
    } finally {
      await slowRefunds(0);
    }
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 2000, refunds: 1 });
  }, 60_000);
});
