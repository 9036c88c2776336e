import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { razorpayDashboardRefund, refundedAtProvider, refundsSettled } from './booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox } from './payments-helpers';

/**
 * Sixth fresh review: money refunded in part by hand at the provider before the server first saw
 * the payment was taken off its full refund twice (once by the refund's amount, once by its
 * runner's hand-refund credit), so a buyer with no seat got back 69 of 99. The hand money is now
 * written down once, when the payment is first seen.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

async function latePaidNoSeat(tag: string, hook: 'before' | 'never' | 'after') {
  const w = await createWorkshop(h.db, { max_participants: 1 });
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer(`${tag}-a`) } });
  expect(co.status, co.text).toBe(201);
  // The buyer pays in the card window and closes the browser before the verify call.
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  const paymentId = paid.body.razorpay_payment_id as string;
  // Their hold runs out; someone else buys the only seat.
  await h.db('workshop_registrations').where({ provider_order_id: co.body.order.id }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
  const other = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer(`${tag}-b`) } });
  expect(other.status, other.text).toBe(201);
  const paidB = await payInRazorpaySandbox(h.server, other.body.order, other.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paidB.body })).status).toBe(200);
  // An admin gives 30.00 back by hand at Razorpay; its webhook comes before the payment is settled, never, or after.
  const hand = await razorpayDashboardRefund(h, paymentId, 3000);
  if (hook === 'before') expect((await hand.webhook()).status).toBe(200);
  const v = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
  expect(v.status, v.text).toBe(409);
  if (hook === 'after') expect((await hand.webhook()).status).toBe(200);
  await refundsSettled(h);
  // Paid 99.00, no seat: all of it back, 30.00 by hand and 69.00 by us.
  expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId })).toEqual({ cents: 9900, refunds: 2 });
  expect(await h.db('refunds').where({ payment_id: paymentId }).select('amount_cents', 'credited_cents', 'status')).toEqual([{ amount_cents: 6900, credited_cents: 0, status: 'succeeded' }]);
  expect(await h.db('workshop_registrations').where({ provider_order_id: co.body.order.id }).first('status')).toEqual({ status: 'refunded' });
}

describe('a late payment partly refunded by hand before the server saw it, then refunded for want of a seat', () => {
  it('its webhook came first: all 99.00 goes back', () => latePaidNoSeat('fs-before', 'before'), 60_000);
  it('its webhook never comes: all 99.00 goes back', () => latePaidNoSeat('fs-never', 'never'), 60_000);
  it('its webhook comes after: all 99.00 goes back, nothing more', () => latePaidNoSeat('fs-after', 'after'), 60_000);
});
