import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../src/payments/checkout-messages';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { bookByPaypal, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { buyer, createWorkshop, follow, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

/**
 * Promo uses follow money (issue: refund holes, 4): cancelling a checkout gives its code's use
 * back, so money that still arrives for it may take a use again only if one is left. Taking a
 * one-use code, cancelling, again and again, then approving every cancelled order must not buy
 * more than one discounted seat: the rest is never taken (PayPal approvals) or refunded in full
 * (Razorpay payments), with the same "paid but no seat" outcome and email as a late payer.
 */
const h = useTestServer({ admin: true });
const sold = (codeId: string) => h.db('workshop_registrations').where({ promo_code_id: codeId, status: 'completed' });

describe('a one-use code taken, cancelled and approved anyway', () => {
  it('PayPal: the first approval books the discounted seat; the other cancelled orders are never captured', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'ONCEPP', kind: 'percent', value: 25, max_uses: 1 });
    const who = buyer('promo-abuse-pp');
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who, promo_code: 'ONCEPP' } });
      expect(co.status, co.text).toBe(201);
      const order = new URL(co.body.approval_url).searchParams.get('token') as string;
      orders.push(order);
      // "Cancel and return to the merchant": the hold and the code's use are given back.
      expect((await h.api('GET', `/api/checkout/paypal/cancel?token=${order}`)).status).toBe(302);
    }
    const outcomes: string[] = [];
    for (const order of orders) {
      const back = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${order}/approve`, { method: 'POST', redirect: 'manual' });
      const location = await follow(h.server, back.headers.get('location')!);
      outcomes.push(location.startsWith('/thank-you') ? 'booked' : (new URL(location, 'http://site').searchParams.get('message') ?? location));
    }
    expect(outcomes).toEqual(['booked', CHECKOUT_MESSAGES.promoNotCharged, CHECKOUT_MESSAGES.promoNotCharged]);
    expect(await sold(code.id)).toHaveLength(1);
    const captured = await h.db('provider_sandbox.paypal_orders').whereIn('id', orders).whereNotNull('capture_id');
    expect(captured).toHaveLength(1);
    expect(await h.db('workshop_registrations').whereIn('provider_order_id', orders.slice(1)).pluck('status_reason')).toEqual(['promo_used_up_not_charged', 'promo_used_up_not_charged']);
  });

  it('Razorpay: the first payment books the discounted seat; the others are refunded in full and the buyer is told', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'ONCERZP', kind: 'percent', value: 25, max_uses: 1 });
    const who = buyer('promo-abuse-rzp');
    const orders: { id: string; key: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, promo_code: 'ONCERZP' } });
      expect(co.status, co.text).toBe(201);
      expect(co.body.order.amount).toBe(7425);
      orders.push({ id: co.body.order.id, key: co.body.key_id });
      // Closing the card window lets the hold, and the code's use, go at once.
      expect((await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } })).body).toEqual({ status: 'released' });
    }
    const answers = [];
    const payments: string[] = [];
    for (const o of orders) {
      const paid = await payInRazorpaySandbox(h.server, { id: o.id }, o.key);
      payments.push(paid.body.razorpay_payment_id);
      const res = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
      answers.push([res.status, res.body.error?.message ?? 'booked']);
    }
    expect(answers).toEqual([
      [200, 'booked'],
      [409, CHECKOUT_MESSAGES.promoRefunded],
    ]);
    expect(await sold(code.id)).toHaveLength(1);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId: payments[0] })).toEqual({ cents: 0, refunds: 0 });
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId: payments[1] })).toEqual({ cents: 7425, refunds: 1 });
    const second = await h.db('workshop_registrations').where({ provider_order_id: orders[1].id }).first();
    expect(second).toMatchObject({ status: 'refunded', status_reason: 'promo_used_up_refunded' });
    const mail = await waitFor(async () => (await sandboxEmails(h.server, who.email)).find((m) => m.subject.startsWith('Refund issued')));
    expect(mail.subject).toBe('Refund issued: Build Your First App');
    expect(mail.text_body).toContain('your payment arrived for a checkout you had cancelled, and by then its promo code had no use left');
  });

  it('PayPal: a cancel after the hold ran out still gives the use back: the late approval is not captured once the use went to someone else (found by a fresh review)', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'ONCELATE', kind: 'percent', value: 50, max_uses: 1 });
    const a = buyer('promo-expired-then-cancelled');
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...a, promo_code: 'ONCELATE' } });
    const orderId = new URL(co.body.approval_url).searchParams.get('token') as string;
    // The hold runs out while the buyer looks at PayPal's page; the reconciler lets it go.
    await h.db('workshop_registrations').where({ email: a.email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    await reconcilePass(h.server.payments!, 3600);
    // Then the buyer presses "Cancel and return to the merchant".
    expect((await h.api('GET', `/api/checkout/paypal/cancel?token=${orderId}`)).status).toBe(302);
    // The one use goes to someone else, who pays.
    await bookByPaypal(h, w.id, 'promo-expired-then-cancelled-b', { promo_code: 'ONCELATE' });
    const back = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderId}/approve`, { method: 'POST', redirect: 'manual' });
    const location = await follow(h.server, back.headers.get('location')!);
    expect(new URL(location, 'http://site').searchParams.get('message')).toBe(CHECKOUT_MESSAGES.promoNotCharged);
    expect(await sold(code.id)).toHaveLength(1);
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first()).toMatchObject({ capture_id: null });
  });

  it("a cancelled checkout's money still buys the seat when the code has a use left", async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'ONCEFAIR', kind: 'percent', value: 25, max_uses: 1 });
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('promo-changed-mind'), promo_code: 'ONCEFAIR' } });
    expect((await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } })).body).toEqual({ status: 'released' });
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    expect(await sold(code.id)).toHaveLength(1);
  });
});
