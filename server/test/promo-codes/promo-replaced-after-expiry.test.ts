import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../src/payments/checkout-messages';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { buyer, createWorkshop, follow, payInRazorpaySandbox } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

/**
 * A buyer whose hold ran out and who starts again lets the old checkout go (found by a fresh
 * review): its promo code's use is not theirs to take back when they later approve or pay the
 * old order too. One discounted seat, and nobody is charged for the second (PayPal) or they get
 * it all back (Razorpay).
 */
const h = useTestServer({ admin: true });
const sold = (codeId: string) => h.db('workshop_registrations').where({ promo_code_id: codeId, status: 'completed' });
const expire = (orderId: string) => h.db('workshop_registrations').where({ provider_order_id: orderId }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });

describe('a checkout replaced after its hold ran out', () => {
  it('PayPal: the old approval is not captured', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'REPLEXP', kind: 'percent', value: 50, max_uses: 1 });
    const who = buyer('replaced-after-expiry-pp');
    const first = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who, promo_code: 'REPLEXP' } });
    const oldOrder = new URL(first.body.approval_url).searchParams.get('token') as string;
    await expire(oldOrder);
    await reconcilePass(h.server.payments!, 3600);
    const second = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who, promo_code: 'REPLEXP' } });
    expect(second.status, second.text).toBe(201);
    const newOrder = new URL(second.body.approval_url).searchParams.get('token') as string;
    const back2 = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${newOrder}/approve`, { method: 'POST', redirect: 'manual' });
    expect(await follow(h.server, back2.headers.get('location')!)).toMatch(/^\/thank-you/);
    const back1 = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${oldOrder}/approve`, { method: 'POST', redirect: 'manual' });
    const location = await follow(h.server, back1.headers.get('location')!);
    expect(new URL(location, 'http://site').searchParams.get('message')).toBe(CHECKOUT_MESSAGES.alreadyBooked);
    expect(await sold(code.id)).toHaveLength(1);
    expect(await h.db('provider_sandbox.paypal_orders').whereIn('id', [oldOrder, newOrder]).whereNotNull('capture_id').pluck('id')).toEqual([newOrder]);
  });

  it('Razorpay: the old payment is refunded in full', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'REPLEXPR', kind: 'percent', value: 50, max_uses: 1 });
    const who = buyer('replaced-after-expiry-rzp');
    const first = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, promo_code: 'REPLEXPR' } });
    await expire(first.body.order.id);
    const second = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, promo_code: 'REPLEXPR' } });
    const paid2 = await payInRazorpaySandbox(h.server, second.body.order, second.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid2.body })).status).toBe(200);
    const paid1 = await payInRazorpaySandbox(h.server, first.body.order, first.body.key_id);
    const v1 = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid1.body });
    expect([v1.status, v1.body.error.message]).toEqual([409, CHECKOUT_MESSAGES.promoRefunded]);
    expect(await sold(code.id)).toHaveLength(1);
  });
});
