import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByCard, bookByPaypal, paypalDashboardRefund, razorpayDashboardRefund, refundedAtProvider, refundsSettled } from './booking-flows';
import { alertsTo, owedIn, partialRefundThatGivesUp, refundAlerts } from './gave-up-flows';
import { createWorkshop, sandboxEmails, waitFor } from './payments-helpers';

/**
 * Found by the money model's survey (cases 637 and 716) and the fourteenth review: at Razorpay a
 * refunds outage also hides the payment's refunds, and a provider outage hides them everywhere.
 * A refund's last attempt that cannot see them does not give up (its alert would name what hand
 * money may already have given back): it keeps trying until the provider answers, then asks only
 * for the rest. A refund that did give up, carried out by hand with no webhook ever arriving, is
 * found by the reconcile pass looking at failed refunds again, and closes.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);

describe('a refund whose last attempt cannot see the payment’s refunds', () => {
  it('does not give up nor alert; once the provider answers it gives back only what hand money did not (40.00 of the 60.00 decided)', async () => {
    const admin = 'owner-not-seen@example.com';
    await alertsTo(h, admin);
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'not-seen');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    let refundId: string;
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
      // 20.00 given back by hand at Razorpay's dashboard; its webhook is not delivered.
      await refundsDown(0);
      await razorpayDashboardRefund(h, b.paymentId, 2000);
      await refundsDown(600);
      // The last attempt cannot list the payment's refunds (Razorpay's list is a refunds call).
      expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => {
        const r = await h.db('refunds').where({ id: refund.id }).first();
        return r.attempts >= REFUND_MAX_ATTEMPTS && !r.claim_id ? r : undefined;
      });
    } finally {
      await refundsDown(0);
    }
    expect((await h.db('refunds').where({ id: refundId }).first()).status).toBe('queued');
    await new Promise((r) => setTimeout(r, 500));
    expect(await refundAlerts(h, admin, b.paymentId)).toEqual([]);

    // Its next wake-up (hours away at this backoff) comes: it sees the 20.00 and asks for the other 40.00.
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [`refund:${refundId}`]);
    await refundsSettled(h);
    expect(await h.db('refunds').where({ id: refundId }).first('status', 'credited_cents')).toEqual({ status: 'succeeded', credited_cents: 2000 });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6000, refunds: 2 });
  }, 90_000);
});

describe('a refund that gave up and was carried out by hand, no webhook ever arriving', () => {
  it('is found by the reconcile pass and closes: the last alert says nothing more is owed', async () => {
    const admin = 'owner-no-webhook@example.com';
    await alertsTo(h, admin);
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'no-webhook');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const refundId = await partialRefundThatGivesUp(h, reg.id, b.paymentId, 6000, async () => {});
    const [alert] = await waitFor(async () => {
      const m = await refundAlerts(h, admin, b.paymentId);
      return m.length ? m : undefined;
    });
    expect(owedIn(alert.text_body)).toBe(6000);

    // A pass looks at it (nothing by hand yet). The admin then does as the alert says; PayPal's webhook
    // never comes. A pass soon after does not look again (every ten minutes at most).
    await reconcilePass(h.server.payments!, 3600);
    await paypalDashboardRefund(h, b.paymentId, '60.00');
    await reconcilePass(h.server.payments!, 3600);
    expect((await h.db('refunds').where({ id: refundId }).first()).status).toBe('failed');
    // Ten minutes later the pass looks at the failed refund's payment again.
    await h.db('refunds').where({ id: refundId }).update({ looked_at: h.db.raw(`now() - interval '11 minutes'`) });
    await reconcilePass(h.server.payments!, 3600);
    await waitFor(async () => (await h.db('refunds').where({ id: refundId }).first()).status === 'succeeded', 20_000);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6000, refunds: 1 });
    const attention = (await h.api('GET', '/api/admin/attention', { token: h.token })).body.items.filter((i: { refund: { id: string } | null }) => i.refund?.id === refundId);
    expect(attention).toEqual([]);
    expect((await refundAlerts(h, admin, b.paymentId)).map((m) => owedIn(m.text_body))).toEqual([6000, 0]);
  }, 90_000);
});

describe('a seat refund that gave up, then all of the payment given back by hand, no webhook ever arriving', () => {
  it('ends the booking’s other seats when the reconcile pass finds the payment given back in full (they are paid by nothing)', async () => {
    const admin = 'owner-all-by-hand@example.com';
    await alertsTo(h, admin);
    const w = await createWorkshop(h.db, { max_participants: 5 });
    const b = await bookByPaypal(h, w.id, 'all-by-hand', { seats: 2, attendees: [{ name: 'Hand Two', email: 'hand-two@example.com' }] });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const seats: { id: string }[] = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id');
    try {
      await refundsDown(600);
      const cancel = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seats[1].id}/cancel`, { token: h.token, body: { refund_cents: 9900 } });
      expect(cancel.status, cancel.text).toBe(200);
      const refund = await waitFor(async () => {
        const r = await h.db('refunds').where({ payment_id: b.paymentId }).first();
        return r?.attempts >= 1 && !r.claim_id ? r : undefined;
      });
      await h.db('refunds').where({ id: refund.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
      expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
      await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).status === 'failed', 20_000);
    } finally {
      await refundsDown(0);
    }
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('status', 'seats')).toEqual({ status: 'completed', seats: 1 });
    // The admin gives back everything by hand (the seat's 99.00 asked for, and the other seat's): PayPal's webhook never comes.
    await paypalDashboardRefund(h, b.paymentId, '198.00');
    const refundId = (await h.db('refunds').where({ payment_id: b.paymentId }).first()).id;
    await h.db('refunds').where({ id: refundId }).update({ looked_at: h.db.raw(`now() - interval '11 minutes'`) });
    await reconcilePass(h.server.payments!, 3600);
    await waitFor(async () => (await h.db('refunds').where({ id: refundId }).first()).status === 'succeeded', 20_000);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 19800, refunds: 1 });
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('status', 'seats', 'status_reason')).toEqual({ status: 'refunded', seats: 0, status_reason: 'refunded_at_provider' });
    await waitFor(async () => (await sandboxEmails(h.server, b.email)).some((m) => m.subject.startsWith('Booking cancelled')));
  }, 90_000);
});
