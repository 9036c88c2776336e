import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPaypalWebhook } from '../../src/sandbox/sandbox.credentials';
import { buyer, createWorkshop, follow, pressPaypalButton } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

/**
 * What a 5,000-case survey of the money model showed (the model, not the server, was wrong): a
 * buyer who presses "Cancel and return" while PayPal is still completing their capture has not
 * let the checkout go: their money is on its way, the row stays pending and keeps its price. If
 * its hold then runs out and the code's one use goes to someone else, the capture that completes
 * comes back in full: a code never sells more discounted seats than max_uses (the ninth review
 * showed checkouts left to run out could otherwise all be paid later at the discount).
 */
const h = useTestServer({ admin: true });

describe('a one-use code, and a cancel pressed while PayPal completes the capture', () => {
  it('keeps the checkout pending (not let go); once its hold ran out and the use went to someone else, the capture that completes is refunded in full', async () => {
    const w = await createWorkshop(h.db, { max_participants: 5 });
    const code = await createCode(h, { code: 'ONCEPEND', kind: 'percent', value: 25, max_uses: 1, workshop_id: w.id });
    const ana = buyer('pend-ana');
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...ana, promo_code: 'ONCEPEND' } });
    expect(co.status, co.text).toBe(201);
    const orderId = new URL(co.body.approval_url).searchParams.get('token') as string;
    await follow(h.server, await pressPaypalButton(h.server, co.body.approval_url, 'approve-pending'));
    const reg = () => h.db('workshop_registrations').where({ email: ana.email }).first();
    expect(await reg()).toMatchObject({ status: 'pending', status_reason: 'capture_pending' });

    // "Cancel and return" now: the money is on its way, so nothing is let go.
    await h.api('GET', `/api/checkout/paypal/cancel?token=${orderId}`);
    expect(await reg()).toMatchObject({ status: 'pending', status_reason: 'capture_pending', released_by_buyer_at: null });

    // Its hold runs out while PayPal reviews the capture; someone else takes the code's one use and pays.
    await h.db('workshop_registrations').where({ email: ana.email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    const bo = buyer('pend-bo');
    const other = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...bo, promo_code: 'ONCEPEND' } });
    expect(other.status, other.text).toBe(201);
    expect(new URL(await follow(h.server, await pressPaypalButton(h.server, other.body.approval_url, 'approve')), 'http://site').pathname).toBe('/thank-you');

    // PayPal completes Ana's capture: the code's one use is Bo's, so her money comes back in full.
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    expect((await h.api('POST', `/sandbox/paypal/captures/${order.capture_id}/settle`, { body: { outcome: 'COMPLETED' } })).status).toBe(200);
    const raw = JSON.stringify({ id: `WH-${randomUUID()}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: order.capture_id, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: orderId } } } });
    expect((await h.api('POST', '/api/webhooks/paypal', { body: raw, headers: { 'content-type': 'application/json', ...signPaypalWebhook(raw, randomUUID()) } })).status).toBe(200);
    await expect.poll(reg).toMatchObject({ status: 'refunded', status_reason: 'promo_used_up_refunded', released_by_buyer_at: null });
    await expect.poll(async () => (await h.db('provider_sandbox.paypal_refunds').where({ capture_id: order.capture_id })).reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0)).toBe(Math.round(Number(order.amount) * 100));
    expect(await h.db('workshop_registrations').where({ promo_code_id: code.id, status: 'completed' }).count('* as n').first()).toEqual({ n: 1 });
  }, 60_000);
});
