import { PROMO_MESSAGES } from '@workshop/shared';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buyer, createWorkshop, follow, payInRazorpaySandbox, pressPaypalButton, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode, HOUR, iso } from './promo-helpers';

const h = useTestServer({ admin: true });
const paypal = (body: Record<string, unknown>) => h.api('POST', '/api/checkout/paypal', { body });
const razorpay = (body: Record<string, unknown>) => h.api('POST', '/api/checkout/razorpay', { body });
const regOf = (email: string) => h.db('workshop_registrations').where({ email }).first();

describe('a promo code at checkout', () => {
  it('PayPal is asked for exactly the code’s price; the registration keeps the code and discount; a use counts on completion', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const code = await createCode(h, { code: 'QUARTER', kind: 'percent', value: 25, workshop_id: w.id });
    const preview = await h.api('GET', `/api/promo-codes/quarter?workshop_id=${w.id}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ code: 'QUARTER', workshop_id: w.id, price_cents: 9900, discount_cents: 2475, amount_cents: 7425 });

    const who = buyer('promo-pp');
    const res = await paypal({ workshop_id: w.id, ...who, promo_code: 'quarter' });
    expect(res.status).toBe(201);
    const orderId = new URL(res.body.approval_url).searchParams.get('token');
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    expect({ amount: order.amount, currency: order.currency }).toEqual({ amount: '74.25', currency: 'USD' });
    expect(await regOf(who.email)).toMatchObject({ status: 'pending', amount: 7425, promo_code: 'QUARTER', promo_code_id: code.id, discount_cents: 2475 });
    const uses = async () => (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { id: string }) => c.id === code.id);
    expect(await uses()).toMatchObject({ uses: 0, discount_cents: 0 });

    const location = await follow(h.server, await pressPaypalButton(h.server, res.body.approval_url, 'approve'));
    expect(new URL(location, 'http://site').pathname).toBe('/thank-you');
    expect(await regOf(who.email)).toMatchObject({ status: 'completed', amount: 7425 });
    expect(await uses()).toMatchObject({ uses: 1, discount_cents: 2475 });
    const dash = await h.api('GET', '/api/admin/dashboard', { token: h.token });
    expect(dash.body.promo_codes.find((c: { id: string }) => c.id === code.id)).toEqual({ id: code.id, code: 'QUARTER', uses: 1, max_uses: null, discount_cents: 2475 });
    const mail = await waitFor(async () => (await sandboxEmails(h.server, who.email))[0]);
    expect(mail.text_body).toContain('$74.25');
  });

  it('Razorpay is asked for the code’s price; a tampered price, amount or discount in the body changes nothing', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 4900 });
    await createCode(h, { code: 'TENOFF-RZP', kind: 'fixed', value: 1000 });
    const who = buyer('promo-rzp');
    const res = await razorpay({ workshop_id: w.id, ...who, promo_code: 'TENOFF-RZP', amount: 1, price: 1, price_usd_cents: 1, discount_cents: 4900, amount_cents: 0 });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ amount: 3900, currency: 'USD' });
    const stored = await h.db('provider_sandbox.razorpay_orders').where({ id: res.body.order.id }).first();
    expect(stored.amount).toBe(3900);
    expect(await regOf(who.email)).toMatchObject({ amount: 3900, discount_cents: 1000, promo_code: 'TENOFF-RZP' });

    const paid = await payInRazorpaySandbox(h.server, res.body.order, res.body.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status).toBe(200);
    expect(await regOf(who.email)).toMatchObject({ status: 'completed', amount: 3900 });

    // Without a code, a tampered body is the full price.
    const plain = buyer('no-code-tamper');
    const full = await paypal({ workshop_id: w.id, ...plain, amount: 1, discount_cents: 4800 });
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: new URL(full.body.approval_url).searchParams.get('token') }).first();
    expect(order.amount).toBe('49.00');
  });

  it('refuses an unknown, inactive, not-yet-started, expired, wrong-workshop or used-up code with its message, and creates nothing', async () => {
    const w = await createWorkshop(h.db);
    const other = await createWorkshop(h.db);
    await createCode(h, { code: 'SLEEPING', active: false });
    await createCode(h, { code: 'LATER', starts_at: iso(HOUR) });
    await createCode(h, { code: 'GONE', starts_at: iso(-2 * HOUR), ends_at: iso(-HOUR) });
    await createCode(h, { code: 'ELSEWHERE', workshop_id: other.id });
    const used = await createCode(h, { code: 'ONEUSE', max_uses: 1 });
    await h.db('workshop_registrations').insert({ name: 'Earlier Buyer', email: 'earlier@example.com', workshop_id: other.id, access_id: 'NC-PROMO1USE', amount: 8910, payment_method: 'paypal', payment_id: 'PAY-ONEUSE', status: 'completed', promo_code_id: used.id, promo_code: 'ONEUSE', discount_cents: 990 });

    const cases: [string, number, string][] = [
      ['NOSUCH', 404, PROMO_MESSAGES.unknown],
      ['SLEEPING', 409, PROMO_MESSAGES.inactive],
      ['LATER', 409, PROMO_MESSAGES.notStarted],
      ['GONE', 409, PROMO_MESSAGES.expired],
      ['ELSEWHERE', 409, PROMO_MESSAGES.wrongWorkshop],
      ['ONEUSE', 409, PROMO_MESSAGES.exhausted],
    ];
    for (const [code, status, message] of cases) {
      const preview = await h.api('GET', `/api/promo-codes/${code}?workshop_id=${w.id}`);
      expect({ code, status: preview.status, message: preview.body.error?.message }).toEqual({ code, status, message });
      for (const [name, start] of [['paypal', paypal], ['razorpay', razorpay]] as const) {
        const res = await start({ workshop_id: w.id, ...buyer(`${code}-${name}`), promo_code: code });
        expect({ code, name, status: res.status, message: res.body.error?.message }).toEqual({ code, name, status, message });
      }
    }
    const bad = await h.api('GET', `/api/promo-codes/${encodeURIComponent('no spaces!')}?workshop_id=${w.id}`);
    expect({ status: bad.status, message: bad.body.error.message }).toEqual({ status: 400, message: PROMO_MESSAGES.invalidFormat });
    const badBody = await paypal({ workshop_id: w.id, ...buyer('bad-format'), promo_code: 'no spaces!' });
    expect({ status: badBody.status, field: badBody.body.error.fields.promo_code }).toEqual({ status: 422, field: PROMO_MESSAGES.invalidFormat });
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id })).toHaveLength(0);
  });

  it('a 100% code books the seat without any provider, sends the confirmation and lands on the thank-you page', async () => {
    const w = await createWorkshop(h.db, { title: 'Free With Code', max_participants: 5 });
    await createCode(h, { code: 'ONTHEHOUSE', kind: 'percent', value: 100, workshop_id: w.id });
    const ordersBefore = Number((await h.db('provider_sandbox.paypal_orders').count('* as n').first())?.n);
    const who = buyer('free');
    const res = await paypal({ workshop_id: w.id, ...who, promo_code: 'OnTheHouse' });
    expect(res.status).toBe(201);
    const reg = await regOf(who.email);
    expect(reg).toMatchObject({ status: 'completed', amount: 0, discount_cents: 9900, payment_method: null, payment_id: null, provider_order_id: null, reconcile_after: null, promo_code: 'ONTHEHOUSE' });
    expect(reg.booking_token_hash).toBeTruthy();
    const thanks = `/thank-you?${new URLSearchParams({ payment: 'success', accessId: reg.access_id, name: who.name, email: who.email })}`;
    expect(res.body).toEqual({ status: 'completed', access_id: reg.access_id, redirect_url: thanks, approval_url: thanks });
    expect(Number((await h.db('provider_sandbox.paypal_orders').count('* as n').first())?.n)).toBe(ordersBefore);

    const mail = await waitFor(async () => (await sandboxEmails(h.server, who.email))[0]);
    expect(mail.subject).toBe("You're registered: Free With Code");
    expect(mail.text_body).toContain(reg.access_id);
    expect(mail.text_body).toContain('Amount paid: $0.00 (free with promo code ONTHEHOUSE)');
    expect(mail.html_body).toContain('$0.00 (free with promo code ONTHEHOUSE)');
    expect((await h.api('GET', `/api/bookings/${reg.access_id}`)).body).toMatchObject({ access_id: reg.access_id, status: 'completed', payment_method: null });
    const seats = (await h.api('GET', '/api/workshops')).body.find((x: { id: string }) => x.id === w.id).seats_left;
    expect(seats).toBe(4);

    // A fixed code worth more than the price is free too, through the card endpoint.
    await createCode(h, { code: 'BIGFIXED', kind: 'fixed', value: 50_000 });
    const card = await razorpay({ workshop_id: w.id, ...buyer('free-card'), promo_code: 'BIGFIXED' });
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ status: 'completed' });
    expect(await regOf(buyer('free-card').email)).toMatchObject({ status: 'completed', amount: 0, discount_cents: 9900 });
    // The buyer cancels it from the emailed booking link: nothing to refund, no provider asked.
    const cardMail = await waitFor(async () => (await sandboxEmails(h.server, buyer('free-card').email))[0]);
    const token = /\/booking\/([\w-]+)/.exec(cardMail.text_body ?? '')![1];
    const preview = await h.api('POST', `/api/booking/${token}/cancel`, { body: {} });
    expect(preview.body).toEqual({ confirmed: false, refund_cents: 0 });
    const byBuyer = await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } });
    expect(byBuyer.body).toEqual({ confirmed: true, refund_cents: 0 });
    const cardReg = await regOf(buyer('free-card').email);
    expect(cardReg).toMatchObject({ status: 'cancelled', status_reason: 'cancelled_by_buyer' });
    expect(await h.db('refunds').where({ registration_id: cardReg.id })).toHaveLength(0);

    // The reconciler has nothing to do with it, and cancelling it refunds nothing and asks no provider.
    const { reconcilePass } = await import('../../src/payments/reconcile.job');
    await reconcilePass(h.server.payments!, 3600);
    expect(await regOf(who.email)).toMatchObject({ status: 'completed', reconcile_attempts: 0 });
    const refundTry = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 100, reason: 'goodwill' } });
    expect({ status: refundTry.status, message: refundTry.body.error.message }).toEqual({ status: 409, message: 'The refund cannot be more than what is left of the payment.' });
    const cancel = await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token, body: {} });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ refundCents: 0 });
    expect(await regOf(who.email)).toMatchObject({ status: 'cancelled', status_reason: 'cancelled_by_admin' });
    expect(await h.db('refunds').where({ registration_id: reg.id })).toHaveLength(0);
  });

  it('the admin list and the CSV show the code and the discount', async () => {
    const w = await createWorkshop(h.db, { title: 'CSV Promo Workshop' });
    await createCode(h, { code: 'CSVTEN', kind: 'percent', value: 10 });
    const who = buyer('csv-promo');
    await paypal({ workshop_id: w.id, ...who, promo_code: 'CSVTEN' });
    const list = await h.api('GET', `/api/admin/registrations?q=${who.email}`, { token: h.token });
    expect(list.body.items[0]).toMatchObject({ email: who.email, amount: 8910, promo_code: 'CSVTEN', discount_cents: 990 });
    const csv = await h.api('GET', `/api/admin/registrations/export.csv?q=${who.email}`, { token: h.token });
    const rows = Papa.parse<string[]>(csv.text.replace(/^\ufeff/, '').trim()).data;
    expect(rows[0].slice(7, 9)).toEqual(['Promo Code', 'Discount']);
    expect(rows[1].slice(3, 5)).toEqual(['89.10', 'Pending']);
    expect(rows[1].slice(7, 9)).toEqual(['CSVTEN', '9.90']);
  });
});
