import { attentionListSchema, type AttentionItem } from '@workshop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { reconcilePass, STUCK_AFTER_ATTEMPTS } from '../../src/payments/reconcile.job';
import { REFUND_TASK } from '../../src/payments/refunds/refund.queue';
import { waitFor } from '../payments/payments-helpers';
import { adminToken, useTestServer } from '../support/test-server';
import { seedAttention } from './attention-seed';

// A long interval: the scheduled reconcile pass stays out of the way; one test runs a pass itself.
const h = useTestServer({ admin: true, env: { RECONCILE_INTERVAL_SECONDS: '3600' } });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const list = async (): Promise<AttentionItem[]> => {
  const res = await h.api('GET', '/api/admin/attention', { token: h.token });
  expect(res.status).toBe(200);
  return attentionListSchema.parse(res.body).items;
};
const refundJobs = async (refundId: string) =>
  (
    await h.db.raw(
      `SELECT j.key, j.payload FROM graphile_worker._private_jobs j
         JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = ? AND j.payload->>'refund_id' = ?`,
      [REFUND_TASK, refundId],
    )
  ).rows;

it('is an empty list on a fresh database', async () => {
  const res = await h.api('GET', '/api/admin/attention', { token: h.token });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ items: [], total: 0 });
});

describe('with one row of each kind and settled rows', () => {
  let s: Awaited<ReturnType<typeof seedAttention>>;
  beforeAll(async () => {
    s = await seedAttention(h.db);
  });

  it('lists each thing once under its kind, oldest first, and leaves settled money out', async () => {
    const items = await list();
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['refund_failing', `refund:${s.fullRefund.id}`],
      ['capture_pending', `registration:${s.pending.id}`],
      ['amount_mismatch', `registration:${s.mismatch.id}`],
      ['unattributed', `refund:${s.lost.id}`],
      ['checkout_stuck', `registration:${s.stuck.id}`],
      ['refund_failing', `refund:${s.bothRefund.id}`],
    ]);
    const res = await h.api('GET', '/api/admin/attention', { token: h.token });
    expect(res.body.total).toBe(6);
  });

  it('says who, how much, what was tried and what happened, for each kind', async () => {
    const items = await list();
    const byId = (id: string) => items.find((i) => i.id === id)!;

    const full = byId(`refund:${s.fullRefund.id}`);
    expect(full).toMatchObject({
      amount_cents: 9900,
      currency: 'USD',
      provider: 'paypal',
      payment_id: 'CAP-FULL',
      order_id: 'ORDER-FULL',
      registration: { id: s.full.id, name: 'Fiona Full', email: 'fiona@example.com', access_id: s.full.access_id, workshop_title: 'Attention Workshop', status: 'refund_pending' },
      refund: { id: s.fullRefund.id, reason: 'workshop_full', status: 'failed' },
      attempts: 30,
      last_error: 'PayPal answered 503: service unavailable',
      retry: { target: 'refund', id: s.fullRefund.id },
      started_at: new Date(s.fullRefund.created_at).toISOString(),
    });
    expect(full.explanation).toBe('Refunding $99.00 to a buyer who paid after the workshop filled up has failed 30 times at PayPal. Automatic retries have stopped.');
    expect(full.timeline.map((e) => e.event_type)).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'payment.verified']);
    expect(full.timeline[1]).toMatchObject({ event_id: 'payment:CAP-FULL', outcome: 'refunded', provider: 'paypal' });

    const pending = byId(`registration:${s.pending.id}`);
    expect(pending).toMatchObject({ amount_cents: 9900, order_id: 'ORDER-PENDING', attempts: 1, retry: { target: 'registration', id: s.pending.id }, refund: null });
    expect(pending.explanation).toMatch(/^PayPal has taken \$99\.00 but not finished the capture/);
    expect(new Date(pending.next_check_at!).getTime()).toBe(new Date(s.pending.hold_expires_at).getTime());
    expect(pending.timeline.map((e) => e.event_type)).toEqual(['PAYMENT.CAPTURE.PENDING']);

    const mismatch = byId(`registration:${s.mismatch.id}`);
    expect(mismatch).toMatchObject({ amount_cents: 5000, payment_id: 'CAP-MISMATCH', attempts: 0, last_error: null, retry: { target: 'refund', id: s.mismatchRefund.id } });
    expect(mismatch.explanation).toBe('$50.00 was paid for a $99.00 seat, so no seat was given; the payment is being refunded.');

    const lost = byId(`refund:${s.lost.id}`);
    expect(lost).toMatchObject({ amount_cents: 12900, registration: null, payment_id: 'CAP-LOST', order_id: 'ORDER-LOST', retry: { target: 'refund', id: s.lost.id } });
    expect(lost.explanation).toBe('$129.00 arrived at PayPal for an order no registration owns; it is being refunded.');
    expect(lost.timeline.map((e) => e.event_id)).toEqual(['WH-LOST-1', 'unattributed:CAP-LOST']);

    const stuck = byId(`registration:${s.stuck.id}`);
    expect(stuck).toMatchObject({ attempts: STUCK_AFTER_ATTEMPTS, last_error: 'PayPal answered 404: order not found', retry: { target: 'registration', id: s.stuck.id } });
    expect(stuck.explanation).toBe(`The reconciler has looked at this checkout ${STUCK_AFTER_ATTEMPTS} times without settling it with PayPal.`);
    expect(new Date(stuck.next_check_at!).getTime()).toBeGreaterThan(Date.now() + 5 * 3600_000);

    const both = byId(`refund:${s.bothRefund.id}`);
    expect(both).toMatchObject({ provider: 'razorpay', registration: { name: 'Bo Both' }, refund: { reason: 'amount_mismatch', status: 'queued' } });
    expect(both.explanation).toBe('Refunding $1.00 to a buyer who paid the wrong amount has failed 2 times at Razorpay. It is retried automatically with backoff.');
  });

  describe('POST /api/admin/attention/refunds/:id/retry', () => {
    it('queues a failed refund again, keeps its attempts and last error, and the worker tries it at once', async () => {
      expect(await refundJobs(s.fullRefund.id)).toEqual([]);
      const res = await h.api('POST', `/api/admin/attention/refunds/${s.fullRefund.id}/retry`, { token: h.token });
      expect(res.status).toBe(200);
      expect(res.body.item).toMatchObject({ id: `refund:${s.fullRefund.id}`, kind: 'refund_failing', refund: { status: 'queued' } });

      const row = await h.db('refunds').where({ id: s.fullRefund.id }).first();
      expect(row).toMatchObject({ status: 'queued', last_error: expect.any(String) });
      expect(row.attempts).toBeGreaterThanOrEqual(30);
      const jobs = await refundJobs(s.fullRefund.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ key: `refund:${s.fullRefund.id}`, payload: { refund_id: s.fullRefund.id } });
      // The capture is unknown to the sandbox: the worker's new attempt fails, and counts on from 30.
      await waitFor(async () => ((await h.db('refunds').where({ id: s.fullRefund.id }).first()).attempts === 31 ? true : undefined));
    });

    it('retries a queued refund now instead of after its backoff', async () => {
      const res = await h.api('POST', `/api/admin/attention/refunds/${s.mismatchRefund.id}/retry`, { token: h.token });
      expect(res.status).toBe(200);
      // The worker may already have tried it (and failed) when the answer is built: then it is a failing refund.
      expect(res.body.item).toMatchObject({ refund: { id: s.mismatchRefund.id, status: 'queued' }, retry: { target: 'refund', id: s.mismatchRefund.id } });
      expect(await refundJobs(s.mismatchRefund.id)).toHaveLength(1);
    });

    it('is 404 for an unknown refund and 409 for one that already went through, changing nothing', async () => {
      const unknown = await h.api('POST', `/api/admin/attention/refunds/${UNKNOWN}/retry`, { token: h.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual({ code: 'not_found', message: 'No refund with this id.' });
      expect((await h.api('POST', '/api/admin/attention/refunds/not-an-id/retry', { token: h.token })).status).toBe(404);

      const done = await h.api('POST', `/api/admin/attention/refunds/${s.doneRefund.id}/retry`, { token: h.token });
      expect(done.status).toBe(409);
      expect(done.body.error.code).toBe('conflict');
      expect(done.body.error.message).toMatch(/^This refund already went through on \d{4}-\d{2}-\d{2}: there is nothing to retry\.$/);
      expect(await h.db('refunds').where({ id: s.doneRefund.id }).first()).toMatchObject({ status: 'succeeded', attempts: 3 });
      expect(await refundJobs(s.doneRefund.id)).toEqual([]);
    });
  });

  describe('POST /api/admin/attention/registrations/:id/retry', () => {
    it('lets the next reconcile pass look at a stuck checkout at once', async () => {
      const res = await h.api('POST', `/api/admin/attention/registrations/${s.stuck.id}/retry`, { token: h.token });
      expect(res.status).toBe(200);
      expect(res.body.item).toMatchObject({ id: `registration:${s.stuck.id}`, kind: 'checkout_stuck' });
      expect(new Date(res.body.item.next_check_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      const { rows } = await h.db.raw('SELECT reconcile_after <= now() AS due FROM workshop_registrations WHERE id = ?', [s.stuck.id]);
      expect(rows[0].due).toBe(true);

      await reconcilePass(h.server.payments!, 3600);
      const after = await h.db('workshop_registrations').where({ id: s.stuck.id }).first();
      expect(after.reconcile_attempts).toBe(s.stuck.reconcile_attempts + 1);
    });

    it('sets a pending capture to be checked as soon as its hold allows', async () => {
      const res = await h.api('POST', `/api/admin/attention/registrations/${s.pending.id}/retry`, { token: h.token });
      expect(res.status).toBe(200);
      expect(res.body.item).toMatchObject({ kind: 'capture_pending' });
      const row = await h.db('workshop_registrations').where({ id: s.pending.id }).first();
      expect(row.reconcile_after).not.toBeNull();
      expect(row.status).toBe('pending');
    });

    it('is 404 for an unknown registration and 409 for one that is not pending', async () => {
      const unknown = await h.api('POST', `/api/admin/attention/registrations/${UNKNOWN}/retry`, { token: h.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual({ code: 'not_found', message: 'No registration with this id.' });

      const paid = await h.api('POST', `/api/admin/attention/registrations/${s.paid.id}/retry`, { token: h.token });
      expect(paid.status).toBe(409);
      expect(paid.body.error).toEqual({ code: 'conflict', message: 'This checkout is completed, not pending: there is nothing to check again.' });
      expect((await h.db('workshop_registrations').where({ id: s.paid.id }).first()).reconcile_after).toBeNull();
    });
  });

  it('answers 401 without a session and 403 to a user who is not an admin, on every attention route', async () => {
    const bearer = await adminToken(h.server, { email: 'not-admin@test.local', password: 'not an admin password' });
    const user = await h.db('users').where({ email: 'not-admin@test.local' }).first('id');
    await h.db('user_roles').where({ user_id: user.id }).delete();
    const calls: [string, string][] = [
      ['GET', '/api/admin/attention'],
      ['POST', `/api/admin/attention/refunds/${s.fullRefund.id}/retry`],
      ['POST', `/api/admin/attention/registrations/${s.stuck.id}/retry`],
    ];
    const before = await h.db('refunds').where({ id: s.fullRefund.id }).first('updated_at');
    for (const [method, path] of calls) {
      expect([path, (await h.api(method, path)).status]).toEqual([path, 401]);
      expect([path, (await h.api(method, path, { token: bearer })).status]).toEqual([path, 403]);
    }
    expect(await h.db('refunds').where({ id: s.fullRefund.id }).first('updated_at')).toEqual(before);
  });
});
