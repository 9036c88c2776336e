import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../src/payments/checkout-messages';
import { buyer, createWorkshop, follow, pressPaypalButton } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

const h = useTestServer({ admin: true });

describe('a buyer who switches to a free code while a paid checkout is approved', () => {
  it('is not charged for the checkout the free booking replaced, even with seats left', async () => {
    const w = await createWorkshop(h.db, { max_participants: 5 });
    await createCode(h, { code: 'SWITCHFREE', kind: 'percent', value: 100, workshop_id: w.id });
    const who = buyer('switch-free');
    const paid = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const orderId = new URL(paid.body.approval_url).searchParams.get('token');
    // Approved on PayPal, not yet captured: the browser has not come back yet.
    const back = await pressPaypalButton(h.server, paid.body.approval_url, 'approve');
    // Meanwhile, in another tab, the same buyer books with a code that makes it free.
    const free = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who, promo_code: 'SWITCHFREE' } });
    expect(free.status).toBe(201);
    expect(free.body.status).toBe('completed');

    // The first tab's return must not take $99 for a second seat the buyer gave up.
    // ... and tells them why in words that fit: they have a seat already.
    expect(await follow(h.server, back)).toBe(`/?payment=failed&message=${encodeURIComponent(CHECKOUT_MESSAGES.alreadyBooked)}`);
    const rows = await h.db('workshop_registrations').where({ workshop_id: w.id }).orderBy('created_at').select('status', 'status_reason', 'amount');
    expect(rows).toEqual([
      // Refused for good: no later reconcile pass or return takes it either (review-one-seat/not-charged-captured-later).
      { status: 'failed', status_reason: 'already_booked_not_charged', amount: 9900 },
      { status: 'completed', status_reason: null, amount: 0 },
    ]);
    expect((await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first('capture_id')).capture_id).toBeNull();
  });
});
