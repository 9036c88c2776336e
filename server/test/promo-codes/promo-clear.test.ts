import { PROMO_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { buyer, createWorkshop, payInRazorpaySandbox } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

const h = useTestServer({ admin: true });

describe('promo code uses and clearing registrations', () => {
  it('keeps counting the uses of cleared registrations, so a clear never gives max_uses back', async () => {
    const w = await createWorkshop(h.db);
    const code = await createCode(h, { code: 'ONCEONLY', kind: 'percent', value: 50, max_uses: 1 });
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('first-use'), promo_code: 'ONCEONLY' } });
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);

    // That workshop is long over (past its recordings window), so the clear archives its booking.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 40 * 86_400_000) });
    const cleared = await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
    expect(cleared.body).toMatchObject({ deleted: 1 });
    expect(await h.db('workshop_registrations').where({ promo_code_id: code.id })).toHaveLength(0);

    const next = await createWorkshop(h.db);
    const again = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: next.id, ...buyer('second-use'), promo_code: 'ONCEONLY' } });
    expect({ status: again.status, message: again.body.error?.message }).toEqual({ status: 409, message: PROMO_MESSAGES.exhausted });
    const listed = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { id: string }) => c.id === code.id);
    expect(listed).toMatchObject({ uses: 1, discount_cents: Math.round(w.price_usd_cents / 2) });
  });
});
