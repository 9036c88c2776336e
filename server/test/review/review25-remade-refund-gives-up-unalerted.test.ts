import { describe, expect, it } from 'vitest';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayRefundSentBack, refundsSettled } from '../payments/booking-flows';
import { alertsTo } from '../payments/gave-up-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';

/**
 * Review 25: reopenSentBack (refunds-sent-back.ts) puts a refund the bank sent back to the queue
 * with `attempts: 0`. The "refund failed" alert is deduplicated by
 * `refund_failed:<id>:<attempts>:<credited>:gave-up` (refund-alerts.ts), a key that assumed
 * attempts only ever grow on a row. A refund that already gave up once (alerted at attempt 30), was
 * carried out by an admin's retry (attempt 31), then sent back by the bank and made again, gives up
 * a second time at attempt 30 with the same credit: the same dedupe key, so the admins are never
 * told. The money sits in a failed refund row; nobody is asked to give it back.
 *
 * Sequence (Razorpay, 99.00; an admin's cancellation gives back 96.03):
 *  1. Razorpay refuses refunds (low balance) long enough that the refund gives up: alert #1.
 *  2. Razorpay takes refunds again; the admin presses Retry: the refund is made (attempt 31).
 *  3. The bank sends it back; refund.failed arrives: the row was queued again with attempts 0.
 *  4. Razorpay refuses refunds again until the remade refund gives up (attempt 30).
 * The second "refund failed" alert had the first one's key and was dropped. Attempts now go on
 * counting across a send-back, so the second give-up has an alert of its own.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const lowBalance = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/low-balance', { body: { seconds } })).status).toBe(204);
const alertsFor = async (refundId: string) =>
  (await h.db('email_messages').where({ kind: 'admin_refund_failed' }).select('data', 'dedupe_key')).filter((m) => m.data?.details?.['Refund ID'] === refundId);

/** Fast-forwards the refund's retries (days of them) so its next attempt, by the admin's retry, is its last. */
async function givesUp(refundId: string) {
  await waitFor(async () => {
    const r = await h.db('refunds').where({ id: refundId }).first();
    return r.attempts >= 1 && !r.claim_id && r.status === 'queued';
  });
  await h.db('refunds').where({ id: refundId }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
  await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${refundId}`]);
  expect((await h.api('POST', `/api/admin/attention/refunds/${refundId}/retry`, { token: h.token })).status).toBe(200);
  await waitFor(async () => (await h.db('refunds').where({ id: refundId }).first()).status === 'failed', 20_000);
}

describe('a refund that gave up once, was made by a retry, then sent back by the bank and gives up again', () => {
  it('the admins are alerted again: the money is owed and nothing else will pay it', async () => {
    await alertsTo(h, 'owner@r25.test');
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'r25-alert');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');

    let refundId: string;
    try {
      await lowBalance(3600);
      const c = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 9603, reason: 'cancellation' } });
      expect(c.status, c.text).toBe(200);
      refundId = (await h.db('refunds').where({ payment_id: b.paymentId }).first('id')).id;
      await givesUp(refundId);
    } finally {
      await lowBalance(0);
    }
    await waitFor(async () => (await alertsFor(refundId)).length >= 1, 10_000);
    expect((await alertsFor(refundId)).map((a) => a.dedupe_key)).toEqual([`refund_failed:${refundId}:${REFUND_MAX_ATTEMPTS}:0:gave-up`]);

    // The admin retries it: made.
    expect((await h.api('POST', `/api/admin/attention/refunds/${refundId}/retry`, { token: h.token })).status).toBe(200);
    await refundsSettled(h);
    const made = await h.db('refunds').where({ id: refundId }).first();
    expect([made.status, made.attempts]).toEqual(['succeeded', REFUND_MAX_ATTEMPTS + 1]);

    // The bank sends it back; Razorpay refuses refunds again while it is made again: its attempts go on
    // counting past the ones it already spent, so it gives up at its next refusal, and says so.
    const sentBack = await razorpayRefundSentBack(h, made.provider_refund_id);
    try {
      await lowBalance(3600);
      expect(['refund_made_again', 'refund_noted']).toContain((await sentBack.webhook()).body.status);
      await waitFor(async () => (await h.db('refunds').where({ id: refundId }).first()).status === 'failed', 20_000);
    } finally {
      await lowBalance(0);
    }
    const failed = await h.db('refunds').where({ id: refundId }).first('status', 'amount_cents', 'credited_cents', 'attempts');
    expect(failed).toEqual({ status: 'failed', amount_cents: 9603, credited_cents: 0, attempts: REFUND_MAX_ATTEMPTS + 2 });
    // Promise: 96.03 is owed to the buyer again and only an admin can now give it back: they are told.
    await waitFor(async () => (await alertsFor(refundId)).length === 2, 10_000);
    expect((await alertsFor(refundId)).map((a) => a.dedupe_key).sort()).toEqual([`refund_failed:${refundId}:${REFUND_MAX_ATTEMPTS + 2}:0:gave-up`, `refund_failed:${refundId}:${REFUND_MAX_ATTEMPTS}:0:gave-up`].sort());
  }, 90_000);
});
