import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByCard, razorpayRefundSentBack, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { alertsTo } from '../payments/gave-up-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { SENT_BACK_AGAIN_NOTE } from '../../src/payments/refunds/refunds-sent-back';

/**
 * Review 25 (a design gap more than a race): reopenSentBack reset `attempts` to 0 every time the
 * bank sent a refund back, and nothing counted the sends-back: a refund to an instrument the bank
 * keeps refusing (a closed card, a blocked account) was made again and again, never gave up, and no
 * admin was told. Now the second send-back stops it: the refund fails, the admins get the "refund
 * failed" alert naming what is owed and why, and an admin's retry makes it again when they choose.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

describe('a refund the bank sends back every time it is made', () => {
  it('is made again once by itself; sent back again, it waits for an admin, who is told', async () => {
    await alertsTo(h, 'owner@r25-again.test');
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'r25-again');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const c = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 9603, reason: 'cancellation' } });
    expect(c.status, c.text).toBe(200);
    await refundsSettled(h);
    const refundId = (await h.db('refunds').where({ payment_id: b.paymentId }).first('id')).id;

    const sendBack = async () => {
      const made = await h.db('refunds').where({ id: refundId }).first('status', 'provider_refund_id');
      expect(made.status).toBe('succeeded');
      const sentBack = await razorpayRefundSentBack(h, made.provider_refund_id);
      // Unless the reconciler's look at refunds that went through saw it first (then the webhook finds it owed already).
      expect(['refund_made_again', 'refund_noted']).toContain((await sentBack.webhook()).body.status);
      await refundsSettled(h);
    };
    await sendBack();
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
    // The second time, it is not made again by itself: the admins are told.
    await sendBack();
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
    const row = await h.db('refunds').where({ id: refundId }).first('status', 'sent_back', 'last_error');
    expect(row).toEqual({ status: 'failed', sent_back: 2, last_error: SENT_BACK_AGAIN_NOTE });
    const alerts = await waitFor(async () => {
      const found = (await h.db('email_messages').where({ kind: 'admin_refund_failed' }).select('data')).filter((m) => m.data?.details?.['Refund ID'] === refundId);
      return found.length ? found : undefined;
    });
    expect(alerts.map((m) => [m.data.details['Refund still owed'], m.data.details['Last error']])).toEqual([['$96.03', SENT_BACK_AGAIN_NOTE]]);
    expect(await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: b.paymentId }).select('status')).toEqual([{ status: 'failed' }, { status: 'failed' }]);

    // The buyer fixed their card; an admin retries from Needs attention, and it is made.
    expect((await h.api('POST', `/api/admin/attention/refunds/${refundId}/retry`, { token: h.token })).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 1 });
  }, 60_000);
});
