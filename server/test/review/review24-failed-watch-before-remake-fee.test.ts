import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayDashboardRefund, razorpayRefundSentBack, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';

/**
 * Review 24: the reconcile pass runs watchFailedRefunds (hand-money attribution, no remake first)
 * before watchSentBackRefunds. A payment has a refund that gave up (C) and a refund the bank sent
 * back whose refund.failed never arrived (G). The admin gives back by hand exactly what is owed: C's
 * alert amount and G's amount again. The failed-refund watch credits C, then finds G's redo money
 * "beyond our refunds" (G still reads 'succeeded') and notes it as refunded outside, capped at the
 * room the decisions kept (the 2.97 fee): kept becomes 0. Then the sent-back watch remakes G, whose
 * runner takes the rest of the hand money as credit and asks Razorpay for the 2.97 the decision kept.
 * Had G's refund.failed (or any webhook of the payment) arrived first, G would take the hand money and
 * 96.03 would go back in all. The order of events decides whether a kept fee is given away.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const lowBalance = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/low-balance', { body: { seconds } })).status).toBe(204);

async function run(tag: string, webhooksFirst: boolean) {
  const w = await createWorkshop(h.db);
  const b = await bookByCard(h, w.id, tag);
  const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id', 'amount');
  expect(reg.amount).toBe(9900);

  // Goodwill 10.00 (the booking stays): made.
  const gw = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 1000, reason: 'goodwill', keep_booking: true } });
  expect(gw.status, gw.text).toBe(200);
  await refundsSettled(h);
  const [g] = await h.db('refunds').where({ payment_id: b.paymentId });
  expect(g.status).toBe('succeeded');

  // Later the admin cancels, giving back 86.03 (the payment keeps a 2.97 fee); Razorpay refuses refunds, it gives up.
  let cId: string;
  try {
    await lowBalance(3600);
    const c = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 8603, reason: 'cancellation' } });
    expect(c.status, c.text).toBe(200);
    const row = await waitFor(async () => {
      const r = await h.db('refunds').where({ payment_id: b.paymentId }).whereNot({ id: g.id }).first();
      return r?.attempts >= 1 && !r.claim_id ? r : undefined;
    });
    cId = row.id;
    await h.db('refunds').where({ id: cId }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${cId}`]);
    expect((await h.api('POST', `/api/admin/attention/refunds/${cId}/retry`, { token: h.token })).status).toBe(200);
    await waitFor(async () => (await h.db('refunds').where({ id: cId }).first()).status === 'failed', 20_000);
  } finally {
    await lowBalance(0);
  }
  const ledger0 = await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents');
  expect(ledger0.kept_cents).toBe(297);

  // The bank sends the goodwill refund back; its refund.failed never reaches us.
  await razorpayRefundSentBack(h, g.provider_refund_id);
  // The admin carries out C's alert (86.03) and, seeing the failed goodwill refund in the dashboard, gives its 10.00 again.
  const h1 = await razorpayDashboardRefund(h, b.paymentId, 8603);
  const h2 = await razorpayDashboardRefund(h, b.paymentId, 1000);
  // Their webhooks are late: the reconcile pass comes first (control: they come first).
  if (webhooksFirst) for (const x of [h1, h2]) expect((await x.webhook()).status).toBe(200);
  await refundsSettled(h);
  await reconcilePass(h.server.payments!, 3600);
  await refundsSettled(h);
  await reconcilePass(h.server.payments!, 3600);
  await refundsSettled(h);

  const ledger = await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents', 'refunded_outside_cents', 'decision');
  const rows = await h.db('refunds').where({ payment_id: b.paymentId }).orderBy('created_at').select('reason', 'status', 'amount_cents', 'credited_cents', 'provider_refund_id');
  const back = await refundedAtProvider(h, b);
  // Decisions: 10.00 goodwill + 86.03 cancellation; 2.97 kept. Hand money 96.03 is exactly that.
  expect({ back: back.cents, ledger, rows }, 'what went back').toMatchObject({ back: 9603, ledger: { kept_cents: 297 } });
}

describe('a refund gave up and another was sent back; the admin redoes both by hand', () => {
  it('control: the hand refunds\' webhooks come before the reconcile pass: 96.03 goes back, the fee stays kept', () => run('r24-fee-ctl', true));
  it('no webhook comes before the reconcile pass: never more than captured minus the kept fee goes back', () => run('r24-fee', false));
});
