import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';

/**
 * Review 13: two refunds of one team payment are open during a refunds outage. One (Y) gives up
 * and its "refund failed" alert asks the admin to refund 99.00 by hand; the other (X, older) is
 * still queued between retries. The admin does exactly what the alert says. hand-refunds.ts gives
 * that hand money to the OLDEST open refund (X), which closes as "given back by hand"; Y stays
 * failed, owing 99.00, and no alert ever names it again (the re-alert is only for a failed refund
 * credited in part). Every alert acted on, the buyer is 99.00 short of what the two decisions gave back.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const owedIn = (text: string | null) => Math.round(Number(/Refund still owed: \$(\d+\.\d\d)/.exec(text ?? '')?.[1] ?? 'NaN') * 100);
const team = (tag: string) => [1, 2, 3].map((i) => ({ name: `P${i} ${tag}`, email: `p${i}-${tag}@example.com` }));

describe('hand money an admin gives back for a failed refund, while another refund of the payment is queued', () => {
  it('carries out the failed refund the alert named (two seats refunded = 198.00 back)', async () => {
    const admin = 'owner-r13-cross@example.com';
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: admin }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 'r13-cross', { seats: 3, attendees: team('r13x') });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const seats: { id: string }[] = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id');

    let x: any, y: any;
    try {
      await refundsDown(600);
      // Seat 1 refunded in full by the admin (X): its first attempt fails, its next wake-up is later.
      const c1 = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seats[0].id}/cancel`, { token: h.token, body: { refund_cents: 9900 } });
      expect(c1.status, c1.text).toBe(200);
      x = await waitFor(async () => {
        const r = await h.db('refunds').where({ payment_id: b.paymentId }).orderBy('created_at').first();
        return r?.attempts >= 1 && !r.claim_id ? r : undefined;
      });
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${x.id}`]);
      // Seat 2 refunded in full too (Y): days of retries in short, its last attempt fails.
      const c2 = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seats[1].id}/cancel`, { token: h.token, body: { refund_cents: 9900 } });
      expect(c2.status, c2.text).toBe(200);
      y = await waitFor(async () => {
        const r = await h.db('refunds').where({ payment_id: b.paymentId }).whereNot({ id: x.id }).first();
        return r?.attempts >= 1 && !r.claim_id ? r : undefined;
      });
      await h.db('refunds').where({ id: y.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
      await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${y.id}`]);
      expect((await h.api('POST', `/api/admin/attention/refunds/${y.id}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => (await h.db('refunds').where({ id: y.id }).first()).status === 'failed', 20_000);
    } finally {
      await refundsDown(0);
    }

    // The one alert: Y's 99.00. The admin does exactly what it says, at PayPal's dashboard; PayPal's webhook comes.
    const [alert] = await waitFor(async () => {
      const m = (await sandboxEmails(h.server, admin)).filter((e) => /Refund still owed/.test(e.text_body ?? ''));
      return m.length ? m : undefined;
    });
    expect(alert.text_body).toContain(y.payment_id);
    expect(owedIn(alert.text_body)).toBe(9900);
    const hand = await paypalDashboardRefund(h, b.paymentId, (owedIn(alert.text_body) / 100).toFixed(2));
    expect((await hand.webhook()).status).toBe(200);
    // Time passes: X's own wake-up comes, and the watch looks at the failed refund's payment again.
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [`refund:${x.id}`]);
    await refundsSettled(h);
    await h.db('refunds').where({ payment_id: b.paymentId }).update({ looked_at: null });
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 1500));

    const rows = await h.db('refunds').where({ payment_id: b.paymentId }).orderBy('created_at').select('status', 'credited_cents');
    // Both refunds done: the queued one by its own run, the failed one by the admin's hand money.
    expect(rows).toEqual([
      { status: 'succeeded', credited_cents: 0 },
      { status: 'succeeded', credited_cents: 9900 },
    ]);
    const alerts = (await sandboxEmails(h.server, admin)).filter((e) => /Refund still owed/.test(e.text_body ?? ''));
    // Every alert was acted on; nothing newer asks anything of the admin (the last one says hand refunds cover it).
    expect(alerts.map((a) => owedIn(a.text_body)), 'what the alerts the admin got ask for').toEqual([9900, 0]);
    // Promise: the two seat refunds the admin decided (2 x 99.00) went back.
    expect(await refundedAtProvider(h, b), 'refunded at PayPal after doing what every alert said').toEqual({ cents: 19800, refunds: expect.any(Number) });
  }, 90_000);
});
