import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { alertsTo, owedIn, refundAlerts } from '../payments/gave-up-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';

/**
 * Review 15: the fourteenth review says no refund gives up while the provider cannot say which
 * refunds of the payment it made (RefundsNotSeen reschedules). But a Razorpay refund whose earlier
 * call's answer was lost (the call landed after PROVIDER_TIMEOUT_MS) is, once that call can no
 * longer land (OUTCOME_UNKNOWN_MINUTES), looked for with provider.findRefund in makeOnce, outside
 * refundsAtProvider: a provider that does not answer there throws a plain error, not
 * RefundsNotSeen. On the last attempt the refund gives up and the admins are told "Refund still
 * owed: 20.00" although Razorpay made it. The admin does exactly what the alert says (20.00 by
 * hand): the buyer gets 40.00 of a 20.00 goodwill decision, 20.00 of what the decision kept, the
 * refund made twice. Hand-refunds.ts sees the refund's key at the provider (landed), so the hand
 * money is never credited to it, the refund stays failed and the 20.00 is noted as "refunded outside".
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const slowRefunds = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);

describe('a Razorpay refund whose lost call landed meets an outage on its last attempt', () => {
  it('is not given up (nor alerted as owed) while the provider cannot say whether the lost call landed', async () => {
    const admin = 'owner-r15-lost@example.com';
    await alertsTo(h, admin);
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'r15-lost');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();

    // Attempt 29 of 30: Razorpay is slow, the server stops waiting, Razorpay makes the refund anyway.
    let refundId: string;
    try {
      await slowRefunds(2500);
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 2000, reason: 'goodwill' } })).status).toBe(200);
      const first = await waitFor(async () => {
        const r = await h.db('refunds').where({ payment_id: b.paymentId }).first();
        return r?.outcome_unknown_at && !r.claim_id ? r : undefined;
      });
      refundId = first.id;
      // Days of retries in short: that lost attempt was the one before the last; the last comes ~6 hours later (e^10 s).
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${refundId}`]);
      await h.db('refunds').where({ id: refundId }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
    } finally {
      await slowRefunds(0);
    }
    await waitFor(async () => (await refundedAtProvider(h, b)).refunds === 1);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 2000, refunds: 1 });

    // Hours later (the lost call can no longer land): the last attempt meets a Razorpay refunds outage.
    try {
      await refundsDown(600);
      await h.db('refunds').where({ id: refundId }).update({ outcome_unknown_at: h.db.raw(`now() - interval '2 hours'`) });
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [`refund:${refundId}`]);
      await waitFor(async () => {
        const r = await h.db('refunds').where({ id: refundId }).first();
        return r.attempts >= REFUND_MAX_ATTEMPTS && !r.claim_id;
      }, 20_000);
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await refundsDown(0);
    }

    // It could not look for the lost call's refund: not given up, nobody told to refund by hand.
    expect((await h.db('refunds').where({ id: refundId }).first()).status).toBe('queued');
    // Its next wake-up (hours later at this backoff) comes once Razorpay answers again.
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [`refund:${refundId}`]);

    // The admin does exactly what the latest alert about the refund says, if any.
    await new Promise((r) => setTimeout(r, 1500));
    const alerts = await refundAlerts(h, admin, b.paymentId);
    for (const a of alerts.slice(-1)) {
      const owed = owedIn(a.text_body);
      if (owed > 0) {
        const hand = await razorpayDashboardRefund(h, b.paymentId, owed);
        expect((await hand.webhook()).status).toBe(200);
      }
    }
    await refundsSettled(h);
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);

    const row = await h.db('refunds').where({ id: refundId }).first();
    const ledger = await h.db('payments').where({ payment_id: b.paymentId }).first();
    // Promise: the goodwill decision gave back 20.00; the rest (79.00) is kept. Money goes back once.
    expect(await refundedAtProvider(h, b), `refunded at Razorpay (alerts: ${alerts.map((a) => owedIn(a.text_body)).join(', ')}; refund ${row.status}; ledger kept ${ledger.kept_cents}, outside ${ledger.refunded_outside_cents})`).toEqual({
      cents: 2000,
      refunds: expect.any(Number),
    });
  }, 90_000);
});
