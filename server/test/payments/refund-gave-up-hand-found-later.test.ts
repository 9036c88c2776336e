import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayDashboardRefund, refundedAtProvider } from './booking-flows';
import { alertsTo, owedIn, partialRefundThatGivesUp, refundAlerts } from './gave-up-flows';
import { createWorkshop, sandboxEmails, waitFor } from './payments-helpers';

/**
 * Found by the money model's survey (cases 637 and 716): at Razorpay a refunds outage also hides
 * the payment's refunds, so a refund's last attempt cannot see money an admin already gave back
 * by hand, and its "refund failed" alert names more than is owed. When that hand money is found
 * later (its webhook, or the reconcile pass looking at failed refunds again), the admins are sent
 * the alert again with what is still owed; doing as the latest alert says gives back exactly what
 * the decision decided, and the refund closes.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });

async function givenUpAfterHandRefund(name: string, admin: string) {
  await alertsTo(h, admin);
  const w = await createWorkshop(h.db);
  const b = await bookByCard(h, w.id, name);
  const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
  let hand: Awaited<ReturnType<typeof razorpayDashboardRefund>> | undefined;
  // The admin's partial refund of 60.00 (39.00 kept); meanwhile 20.00 given back by hand at Razorpay's dashboard, its webhook not delivered.
  const refundId = await partialRefundThatGivesUp(h, reg.id, b.paymentId, 6000, async () => {
    hand = await razorpayDashboardRefund(h, b.paymentId, 2000);
  });
  // The last attempt could not list the payment's refunds either: its alert names the whole 60.00.
  const [first] = await waitFor(async () => {
    const m = await refundAlerts(h, admin, b.paymentId);
    return m.length ? m : undefined;
  });
  expect(owedIn(first.text_body)).toBe(6000);
  return { b, reg, refundId, hand: hand! };
}

const updateOf = (admin: string) => waitFor(async () => (await sandboxEmails(h.server, admin)).find((m) => m.text_body?.includes('only the amount above is still owed')));

describe('a refund that gave up without seeing the hand money before it', () => {
  it('is alerted again with what is still owed once that hand money is found (40.00 of the 60.00 decided)', async () => {
    const admin = 'owner-found-later@example.com';
    const { b, reg, hand } = await givenUpAfterHandRefund('found-later', admin);

    // The hand refund's webhook arrives: the refund is credited 20.00, and the admins hear the 40.00 still owed.
    expect((await hand.webhook()).status).toBe(200);
    const second = await updateOf(admin);
    expect(owedIn(second.text_body)).toBe(4000);
    expect(second.text_body).toContain('Already given back by hand: $20.00');
    // Replayed, the webhook finds nothing new: no third alert.
    expect((await hand.webhook(`evt_replay_${reg.id}`)).status).toBe(200);

    // The admin does as the latest alert says.
    await razorpayDashboardRefund(h, b.paymentId, owedIn(second.text_body));
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6000, refunds: 2 });
    await new Promise((r) => setTimeout(r, 500));
    expect((await refundAlerts(h, admin, b.paymentId)).length).toBe(2);
  }, 90_000);

  it('with no webhook ever: the reconcile pass finds the hand money, alerts what is still owed, and the refund closes once the admin gave it back', async () => {
    const admin = 'owner-no-webhook@example.com';
    const { b, refundId } = await givenUpAfterHandRefund('no-webhook', admin);

    // No webhook comes. The next reconcile pass looks at the failed refund's payment.
    await reconcilePass(h.server.payments!, 3600);
    expect(owedIn((await updateOf(admin)).text_body)).toBe(4000);
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
    // The last alert says hand refunds now cover it: nothing more to do.
    expect((await refundAlerts(h, admin, b.paymentId)).map((m) => owedIn(m.text_body))).toEqual([6000, 4000, 0]);
  }, 90_000);
});
