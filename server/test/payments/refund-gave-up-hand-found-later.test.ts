import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayDashboardRefund, refundedAtProvider } from './booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from './payments-helpers';

/**
 * Found by the money model's survey (case 637): at Razorpay a refunds outage also hides the
 * payment's refunds, so a refund's last attempt cannot see money an admin already gave back by
 * hand, and its "refund failed" alert names more than is owed. When that hand money is found
 * later (its webhook, another look), the admins are sent the alert again with what is still
 * owed; doing as the latest alert says gives back exactly what the decision decided.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const owedIn = (text: string | null) => Math.round(Number(/Refund still owed: \$(\d+\.\d\d)/.exec(text ?? '')?.[1] ?? 'NaN') * 100);

describe('a refund that gave up without seeing the hand money before it', () => {
  it('is alerted again with what is still owed once that hand money is found (40.00 of the 60.00 decided)', async () => {
    const admin = 'owner-found-later@example.com';
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: admin }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'found-later');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();

    let hand: Awaited<ReturnType<typeof razorpayDashboardRefund>>;
    try {
      // The admin's partial refund of 60.00 (39.00 kept), at a provider whose refunds are down.
      await refundsDown(600);
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 6000, reason: 'goodwill' } })).status).toBe(200);
      const refund = await waitFor(async () => {
        const r = await h.db('refunds').where({ payment_id: b.paymentId }).first();
        return r?.attempts >= 1 && !r.claim_id ? r : undefined;
      });
      await h.db('refunds').where({ id: refund.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${refund.id}`]);
      // 20.00 given back by hand at Razorpay's dashboard; its webhook is not delivered yet.
      await refundsDown(0);
      hand = await razorpayDashboardRefund(h, b.paymentId, 2000);
      await refundsDown(600);
      // The last attempt cannot list the payment's refunds either: it gives up naming the whole 60.00.
      expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).status === 'failed', 20_000);
    } finally {
      await refundsDown(0);
    }
    const [first] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, admin);
      return m.length ? m : undefined;
    });
    expect(owedIn(first.text_body)).toBe(6000);

    // The hand refund's webhook arrives: the refund is credited 20.00, and the admins hear the 40.00 still owed.
    expect((await hand!.webhook()).status).toBe(200);
    const second = await waitFor(async () => (await sandboxEmails(h.server, admin)).find((m) => m.text_body?.includes('only the amount above is still owed')));
    expect(owedIn(second.text_body)).toBe(4000);
    expect(second.text_body).toContain('Already given back by hand: $20.00');
    // Replayed, the webhook finds nothing new: no third alert.
    expect((await hand!.webhook(`evt_replay_${reg.id}`)).status).toBe(200);

    // The admin does as the latest alert says.
    await razorpayDashboardRefund(h, b.paymentId, owedIn(second.text_body));
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6000, refunds: 2 });
    await new Promise((r) => setTimeout(r, 500));
    expect((await sandboxEmails(h.server, admin)).filter((m) => /Refund still owed/.test(m.text_body ?? '')).length).toBe(2);
  }, 90_000);

  it('with no webhook ever: the reconcile pass finds the hand money, alerts what is still owed, and the refund closes once the admin gave it back', async () => {
    const admin = 'owner-no-webhook@example.com';
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: admin }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'no-webhook');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    let refundId = '';
    try {
      await refundsDown(600);
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 6000, reason: 'goodwill' } })).status).toBe(200);
      const refund = await waitFor(async () => {
        const r = await h.db('refunds').where({ payment_id: b.paymentId }).first();
        return r?.attempts >= 1 && !r.claim_id ? r : undefined;
      });
      refundId = refund.id;
      await h.db('refunds').where({ id: refund.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${refund.id}`]);
      await refundsDown(0);
      await razorpayDashboardRefund(h, b.paymentId, 2000);
      await refundsDown(600);
      expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).status === 'failed', 20_000);
    } finally {
      await refundsDown(0);
    }
    // No webhook comes. The next reconcile pass looks at the failed refund's payment.
    await reconcilePass(h.server.payments!, 3600);
    const update = await waitFor(async () => (await sandboxEmails(h.server, admin)).find((m) => m.text_body?.includes('only the amount above is still owed')));
    expect(owedIn(update.text_body)).toBe(4000);
    // A pass soon after does not look again (every ten minutes at most), nor alert again.
    await reconcilePass(h.server.payments!, 3600);

    // The admin gives back the 40.00 by hand; again no webhook. Ten minutes later the look finds it.
    await razorpayDashboardRefund(h, b.paymentId, 4000);
    await h.db('refunds').where({ id: refundId }).update({ looked_at: h.db.raw(`now() - interval '11 minutes'`) });
    await reconcilePass(h.server.payments!, 3600);
    await waitFor(async () => (await h.db('refunds').where({ id: refundId }).first()).status === 'succeeded', 20_000);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6000, refunds: 2 });
    const attention = (await h.api('GET', '/api/admin/attention', { token: h.token })).body.items.filter((i: { refund: { id: string } | null }) => i.refund?.id === refundId);
    expect(attention).toEqual([]);
    expect((await sandboxEmails(h.server, admin)).filter((m) => /Refund still owed/.test(m.text_body ?? '')).length).toBe(2);
  }, 90_000);
});
