import { describe, expect, it } from 'vitest';
import { bookByCard } from '../payments/booking-flows';
import { buyer, createWorkshop, follow, payInRazorpaySandbox, pressPaypalButton } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

/**
 * Found by the ninth review: a one-use code sold three discounted seats. Checkouts started with
 * the code (a new email and browser each, so none replaced another) were left until their holds
 * ran out, giving the use back each time, and only then approved at PayPal: every approval was
 * captured at the code's price. A checkout that no longer holds its seat now takes a use again
 * only if one is left; otherwise its approval is not captured, and money already taken comes back in full.
 */
const h = useTestServer({ admin: true });
const expire = (email: string) => h.db('workshop_registrations').where({ email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });

describe('a one-use promo code on checkouts whose holds ran out before they were paid', () => {
  it('PayPal: the first late approval takes the use; the others are not charged', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'ONEUSELATE', kind: 'fixed', value: 5000, max_uses: 1 });
    const approvals: string[] = [];
    for (const i of [1, 2, 3]) {
      const who = buyer(`promo-late-${i}`);
      const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who, promo_code: 'ONEUSELATE' } });
      expect(co.status, co.text).toBe(201);
      approvals.push(co.body.approval_url);
      // Fifteen minutes pass with nothing approved: the use is free again for the next checkout.
      await expire(who.email);
    }
    const landed: string[] = [];
    for (const url of approvals) landed.push(new URL(await follow(h.server, await pressPaypalButton(h.server, url, 'approve')), 'http://site').pathname);
    expect(landed[0]).toBe('/thank-you');
    expect(landed.slice(1).every((p) => p !== '/thank-you')).toBe(true);

    const rows = await h.db('workshop_registrations').where({ promo_code_id: code.id }).orderBy('created_at').select('status', 'status_reason', 'amount');
    expect(rows.map((r) => r.status)).toEqual(['completed', 'failed', 'failed']);
    expect(rows.slice(1).map((r) => r.status_reason)).toEqual(['promo_used_up_not_charged', 'promo_used_up_not_charged']);
    const tokens = approvals.map((u) => new URL(u).searchParams.get('token') as string);
    const captured = await h.db('provider_sandbox.paypal_orders').whereIn('id', tokens).whereNotNull('capture_id').count('* as n').first();
    expect(Number(captured?.n)).toBe(1);
    const listed = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { id: string }) => c.id === code.id);
    expect(listed).toMatchObject({ uses: 1, max_uses: 1 });
  });

  it('Razorpay: money paid after the hold ran out, with the use taken meanwhile, comes back in full', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'ONEUSECARD', kind: 'fixed', value: 5000, max_uses: 1 });
    const late = buyer('promo-late-card');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...late, promo_code: 'ONEUSECARD' } });
    expect(co.status, co.text).toBe(201);
    await expire(late.email);
    // Someone else takes the code's one use and pays.
    await bookByCard(h, w.id, 'promo-card-first', { promo_code: 'ONEUSECARD' });
    // The first buyer pays their old order now.
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status).toBeGreaterThanOrEqual(400);
    await expect.poll(() => h.db('workshop_registrations').where({ email: late.email }).first()).toMatchObject({ status: 'refunded', status_reason: 'promo_used_up_refunded' });
    await expect.poll(async () => (await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: paid.body.razorpay_payment_id })).reduce((s, r) => s + r.amount, 0)).toBe(4900);
    expect(await h.db('workshop_registrations').where({ promo_code_id: code.id, status: 'completed' })).toHaveLength(1);
  });
});
