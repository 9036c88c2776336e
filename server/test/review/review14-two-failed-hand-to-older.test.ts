import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { alertsTo, owedIn, refundAlerts } from '../payments/gave-up-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';

/**
 * Review 14: two refunds of one team payment (two seats, 99.00 each) both give up; each gets its
 * own "refund failed" alert (each naming its Refund ID, 99.00 owed). The admin acts on the newer
 * one first (Y), refunding 99.00 by hand at PayPal's dashboard; PayPal's webhook comes.
 * hand-refunds.ts ranks failed refunds first and, among them, by created_at: the hand money goes
 * to X (the older), and X's alert is re-sent as "covered by hand ... nothing needs doing". Y is
 * credited nothing, so no new alert about Y: its latest alert is the one the admin already
 * carried out. Following the latest alert about each refund, the admin does nothing more — and
 * the buyer is 99.00 short of the 198.00 the two decisions gave back; Y stays failed forever.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const team = (tag: string) => [1, 2, 3].map((i) => ({ name: `P${i} ${tag}`, email: `p${i}-${tag}@example.com` }));
const refundIdIn = (text: string | null | undefined) => /Refund ID: ([0-9a-f-]{36})/.exec(text ?? '')?.[1];

describe('an admin carries out the newer of two failed refunds of one payment first', () => {
  it('every refund ends paid: what the latest alert about each refund says adds up to both seats', async () => {
    const admin = 'owner-r14-two@example.com';
    await alertsTo(h, admin);
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 'r14-two', { seats: 3, attendees: team('r14t') });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const seats: { id: string }[] = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id');

    const ids: string[] = [];
    try {
      await refundsDown(600);
      for (const seat of seats.slice(0, 2)) {
        const c = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seat.id}/cancel`, { token: h.token, body: { refund_cents: 9900 } });
        expect(c.status, c.text).toBe(200);
        const r = await waitFor(async () => {
          const row = await h.db('refunds').where({ payment_id: b.paymentId }).whereNotIn('id', ids).first();
          return row?.attempts >= 1 && !row.claim_id ? row : undefined;
        });
        ids.push(r.id);
        await h.db('refunds').where({ id: r.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
        await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${r.id}`]);
        expect((await h.api('POST', `/api/admin/attention/refunds/${r.id}/retry`, { token: h.token })).status).toBe(200);
        await waitFor(async () => (await h.db('refunds').where({ id: r.id }).first()).status === 'failed', 20_000);
      }
    } finally {
      await refundsDown(0);
    }
    const [xId, yId] = ids;

    const first = await waitFor(async () => {
      const m = await refundAlerts(h, admin, b.paymentId);
      return m.length >= 2 ? m : undefined;
    });
    const yAlert = first.find((a) => refundIdIn(a.text_body) === yId)!;
    expect(owedIn(yAlert.text_body)).toBe(9900);

    // The admin carries out Y's alert (the newest in the mailbox) exactly: 99.00 by hand, PayPal's webhook comes.
    const acted = new Set<string>([String(yAlert.id)]);
    const hand = await paypalDashboardRefund(h, b.paymentId, (owedIn(yAlert.text_body) / 100).toFixed(2));
    expect((await hand.webhook()).status).toBe(200);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 1500));

    // Then the admin goes through the latest alert about each refund, carrying out any not yet done.
    const all = await refundAlerts(h, admin, b.paymentId);
    const latest = new Map<string, (typeof all)[number]>();
    for (const a of all) latest.set(refundIdIn(a.text_body)!, a); // mailbox order: later ones replace earlier
    const todo: { refund: string; owed: number }[] = [];
    for (const [refund, a] of latest) {
      if (acted.has(String(a.id))) continue;
      if (owedIn(a.text_body) > 0) todo.push({ refund, owed: owedIn(a.text_body) });
    }
    for (const t of todo) {
      const more = await paypalDashboardRefund(h, b.paymentId, (t.owed / 100).toFixed(2));
      expect((await more.webhook()).status).toBe(200);
    }
    await refundsSettled(h);
    await h.db('refunds').where({ payment_id: b.paymentId }).update({ looked_at: null });
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 1500));

    const rows = await h.db('refunds').whereIn('id', [xId, yId]).select('id', 'status', 'credited_cents');
    // Promise: the two seat refunds the admin decided (2 x 99.00) went back, every alert's latest word followed.
    expect(await refundedAtProvider(h, b), 'refunded at PayPal after doing what the latest alert about each refund said').toEqual({ cents: 19800, refunds: expect.any(Number) });
    expect(rows.every((r) => r.status === 'succeeded'), 'both refunds closed').toBe(true);
  }, 120_000);
});
