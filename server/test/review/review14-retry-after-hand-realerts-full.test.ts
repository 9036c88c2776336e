import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { alertsTo, owedIn, refundAlerts } from '../payments/gave-up-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';

/**
 * Review 14: a seat refund (99.00 of a 3-seat PayPal order) gives up; its alert asks for 99.00 by
 * hand, or a retry. The admin refunds 99.00 at PayPal's dashboard; PayPal's webhook never comes,
 * so the refund stays "failed" in Needs attention. An admin presses Retry there (a listed action)
 * while PayPal's API is briefly down: the retry's creditNow cannot list the refunds, the attempt
 * fails, it is past its last attempt, and refundGaveUp sends a NEW "refund failed" alert (a new
 * attempts count, so a new dedupe key) naming the full 99.00 as still owed, with nothing saying
 * hand money may already be there. The admin does what this latest alert says: 99.00 again by hand.
 * PayPal now shows 198.00 given back for one 99.00 seat refund; the ledger files the second 99.00
 * as a decision of its own (refunded_outside) although no one decided it.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const down = async (what: 'refunds' | 'providers', seconds: number) => expect((await h.api('POST', `/sandbox/${what}/outage`, { body: { seconds } })).status).toBe(204);
const team = (tag: string) => [1, 2, 3].map((i) => ({ name: `P${i} ${tag}`, email: `p${i}-${tag}@example.com` }));

describe('an admin presses Retry on a failed refund after refunding it by hand (webhook lost) during a provider blip', () => {
  it('the seat refund of 99.00 is given back once', async () => {
    const admin = 'owner-r14-retry@example.com';
    await alertsTo(h, admin);
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 'r14-retry', { seats: 3, attendees: team('r14r') });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const seats: { id: string }[] = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id');

    let refundId = '';
    try {
      await down('refunds', 600);
      const c = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seats[0].id}/cancel`, { token: h.token, body: { refund_cents: 9900 } });
      expect(c.status, c.text).toBe(200);
      const r = await waitFor(async () => {
        const row = await h.db('refunds').where({ payment_id: b.paymentId }).first();
        return row?.attempts >= 1 && !row.claim_id ? row : undefined;
      });
      refundId = r.id;
      await h.db('refunds').where({ id: r.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${r.id}`]);
      expect((await h.api('POST', `/api/admin/attention/refunds/${r.id}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => (await h.db('refunds').where({ id: r.id }).first()).status === 'failed', 20_000);
    } finally {
      await down('refunds', 0);
    }
    const [first] = await waitFor(async () => {
      const m = await refundAlerts(h, admin, b.paymentId);
      return m.length ? m : undefined;
    });
    expect(owedIn(first.text_body)).toBe(9900);

    // The admin does what the alert says, at PayPal's dashboard; the webhook is lost.
    await paypalDashboardRefund(h, b.paymentId, '99.00');

    // Still in Needs attention as failed. Retry is pressed while PayPal's API is briefly down.
    try {
      await down('providers', 600);
      expect((await h.api('POST', `/api/admin/attention/refunds/${refundId}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => {
        const row = await h.db('refunds').where({ id: refundId }).first();
        return row.attempts > REFUND_MAX_ATTEMPTS && !row.claim_id;
      }, 20_000);
    } finally {
      await down('providers', 0);
    }
    // The attempt could not see the payment's refunds: it does not give up, and tells nobody to refund anything.
    expect((await h.db('refunds').where({ id: refundId }).first()).status).toBe('queued');
    await new Promise((r) => setTimeout(r, 500));
    const alerts = await refundAlerts(h, admin, b.paymentId);
    expect(alerts.map((a) => owedIn(a.text_body))).toEqual([9900]);

    // PayPal answers again; the next attempt (its backoff passed) sees the hand refund and closes.
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [`refund:${refundId}`]);
    await refundsSettled(h);
    // Time passes: the watch looks again.
    await h.db('refunds').where({ payment_id: b.paymentId }).update({ looked_at: null });
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 1500));

    const row = await h.db('refunds').where({ id: refundId }).first('status', 'credited_cents', 'attempts');
    expect(row).toMatchObject({ status: 'succeeded', credited_cents: 9900 });
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('refunded_outside_cents')).toEqual({ refunded_outside_cents: 0 });
    // Promise: one 99.00 refund intended, one made.
    expect(await refundedAtProvider(h, b), 'PayPal refunds of this payment after following the latest alert').toEqual({ cents: 9900, refunds: 1 });
  }, 120_000);
});
