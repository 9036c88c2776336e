import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { useTestServer } from '../support/test-server';
import { type Booked, bookByCard, razorpayDashboardRefund, razorpayRefundSentBack, refundedAtProvider, refundsSettled } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * A refund Razorpay accepted and later reports failed (the bank sent the money back to us: a
 * closed card, a blocked account) reached nobody. It is made again, automatically, for the same
 * amount; no replay of either message makes it twice, and its credit note is issued once.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const refundsOf = (b: Booked) => h.db('refunds').where({ payment_id: b.paymentId }).orderBy('created_at');
const providerRefunds = (b: Booked) => h.db('provider_sandbox.razorpay_refunds').where({ payment_id: b.paymentId }).orderBy('created_at').select('amount', 'status');

async function cancelledWithRefund(who: string): Promise<{ b: Booked; refund: { id: string; provider_refund_id: string } }> {
  const w = await createWorkshop(h.db); // 14 days ahead: all back but the 3% fee
  const b = await bookByCard(h, w.id, who);
  const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
  const done = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 9603, reason: 'cancellation' } });
  expect(done.status, done.text).toBe(200);
  await refundsSettled(h);
  const [refund] = await refundsOf(b);
  expect([refund.status, refund.amount_cents]).toEqual(['succeeded', 9603]);
  return { b, refund };
}

describe('a Razorpay refund the bank sends back', () => {
  it('is made again for the same amount: the buyer ends with the money, once, and one credit note', async () => {
    const { b, refund } = await cancelledWithRefund('sent-back');
    const sentBack = await razorpayRefundSentBack(h, refund.provider_refund_id);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });

    const answer = await sentBack.webhook();
    // Made again by this message, or by the reconciler's look at refunds that went through, if it came first.
    expect(answer.status).toBe(200);
    expect(['refund_made_again', 'refund_noted']).toContain(answer.body.status);
    await refundsSettled(h);
    const [again] = await refundsOf(b);
    expect([again.id, again.status, again.amount_cents, again.last_error]).toEqual([refund.id, 'succeeded', 9603, null]);
    expect(again.provider_refund_id).not.toBe(refund.provider_refund_id);
    expect(await providerRefunds(b)).toEqual([
      { amount: 9603, status: 'failed' },
      { amount: 9603, status: 'processed' },
    ]);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    expect((await h.db('workshop_registrations').where({ email: b.email }).first('status')).status).toBe('refunded');
    const notes = await h.db('invoices').where({ kind: 'credit_note', refund_key: `refund:${refund.id}` }).select('total_cents');
    expect(notes).toEqual([{ total_cents: 9603 }]);

    // Razorpay delivers the same event again, and a second event about the same refund: nothing more goes back.
    expect((await sentBack.webhook()).body).toEqual({ status: 'duplicate' });
    expect((await sentBack.webhook('evt_another_delivery')).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    expect(await h.db('refunds').where({ payment_id: b.paymentId })).toHaveLength(1);
  });

  it('sent back and its message never arrives: the reconciler finds it, once, and it is made again', async () => {
    const { b, refund } = await cancelledWithRefund('sent-back-no-webhook');
    // Looked at soon after it went through: still good then.
    await reconcilePass(h.server.payments!, 3600);
    expect((await h.db('refunds').where({ id: refund.id }).first('looked_at')).looked_at).not.toBeNull();
    await razorpayRefundSentBack(h, refund.provider_refund_id);
    // Not again within six hours: the next look is due later.
    await reconcilePass(h.server.payments!, 3600);
    expect((await h.db('refunds').where({ id: refund.id }).first('status')).status).toBe('succeeded');
    await h.db('refunds').where({ id: refund.id }).update({ looked_at: h.db.raw(`now() - interval '7 hours'`) });
    const [a, c] = await Promise.all([reconcilePass(h.server.payments!, 3600), reconcilePass(h.server.payments!, 3600)]);
    expect((a['refunds-made:looked-at'] ?? 0) + (c['refunds-made:looked-at'] ?? 0)).toBeGreaterThanOrEqual(1);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    expect(await providerRefunds(b)).toEqual([
      { amount: 9603, status: 'failed' },
      { amount: 9603, status: 'processed' },
    ]);
  });

  it('sent back while the provider cannot take refunds: it waits in the queue and goes through when it can', async () => {
    const { b, refund } = await cancelledWithRefund('sent-back-outage');
    const sentBack = await razorpayRefundSentBack(h, refund.provider_refund_id);
    expect((await h.api('POST', '/sandbox/refunds/low-balance', { body: { seconds: 3600 } })).status).toBe(204);
    try {
      expect((await sentBack.webhook()).status).toBe(200);
      await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first('attempts')).attempts >= 1);
      const waiting = await h.db('refunds').where({ id: refund.id }).first('status', 'provider_refund_id');
      expect(waiting).toEqual({ status: 'queued', provider_refund_id: null });
    } finally {
      expect((await h.api('POST', '/sandbox/refunds/low-balance', { body: { seconds: 0 } })).status).toBe(204);
    }
    await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
  });

  it('a refund made by hand at the dashboard that failed too is no refund of ours: nothing of ours is made again', async () => {
    const { b } = await cancelledWithRefund('sent-back-hand');
    // The buyer's policy refund went through; a refund an admin made at the dashboard is sent back.
    const hand = await razorpayDashboardRefund(h, b.paymentId, 297);
    expect((await hand.webhook()).status).toBe(200);
    const sentBack = await razorpayRefundSentBack(h, hand.id);
    expect((await sentBack.webhook()).body).toEqual({ status: 'refund_noted' });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    expect((await refundsOf(b)).map((r) => r.status)).toEqual(['succeeded']);
  });
});
