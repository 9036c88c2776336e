import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../src/payments/checkout-messages';
import { reconcilePass } from '../../../src/payments/reconcile.job';
import { useTestServer } from '../../support/test-server';
import { createWorkshop, follow, payInRazorpaySandbox } from '../payments-helpers';

/**
 * Review of d6708b6: an approval at PayPal refused because its person already had a seat
 * ("this payment was not taken") stays watched by the reconciler for three days. Once the other
 * seat ends (cancelled, moved, transferred), the next pass captures that approval and books
 * the buyer again, charging the full price for a seat they were told nobody charged them for.
 */
const h = useTestServer({ admin: true });
const who = (email: string) => ({ name: 'Twice Payer', email, phone: '9876543210' });

async function refusedApproval(email: string) {
  const w = await createWorkshop(h.db, { title: 'Paid Twice Workshop', max_participants: 10 });
  const first = (await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who(email) } })).body;
  const next = (await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who(email) } })).body;
  // The replaced card window, still open in another tab, is paid: that is the seat.
  const paid = (await payInRazorpaySandbox(h.server, first.order, first.key_id)).body;
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid })).status).toBe(200);
  const orderId = new URL(next.approval_url).searchParams.get('token') as string;
  const back = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderId}/approve`, { method: 'POST', redirect: 'manual' });
  const location = back.headers.get('location')!;
  expect(new URL(await follow(h.server, location), 'http://site').searchParams.get('message')).toBe(CHECKOUT_MESSAGES.alreadyBooked);
  expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first('capture_id')).toEqual({ capture_id: null });
  const seat = await h.db('workshop_registrations').where({ email, status: 'completed' }).first('id');
  return { w, orderId, location, seatId: seat.id as string };
}

async function reconcileNow() {
  await h.db('workshop_registrations').whereNotNull('reconcile_after').update({ reconcile_after: h.db.raw(`now() - interval '1 second'`) });
  await reconcilePass(h.server.payments!, 3600);
}

describe('an approval refused because its person had a seat', () => {
  it('is still never captured after that seat is cancelled (reconciler)', async () => {
    const email = 'review-refused-then-cancelled@example.com';
    const { orderId, seatId } = await refusedApproval(email);
    expect((await h.api('POST', `/api/admin/registrations/${seatId}/cancel`, { token: h.token })).status).toBe(200);
    await reconcileNow();
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first('capture_id')).toEqual({ capture_id: null });
    expect(await h.db('workshop_registrations').where({ email }).orderBy('created_at').pluck('status')).toEqual(['cancelled', 'failed']);
  });

  it('is still never captured after that seat moves to another workshop (reconciler)', async () => {
    const email = 'review-refused-then-moved@example.com';
    const { orderId, seatId } = await refusedApproval(email);
    const other = await createWorkshop(h.db, { title: 'Later Date', max_participants: 10 });
    const moved = await h.api('POST', `/api/admin/registrations/${seatId}/move`, { token: h.token, body: { workshop_id: other.id } });
    expect(moved.status, moved.text).toBe(200);
    await reconcileNow();
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first('capture_id')).toEqual({ capture_id: null });
    expect(await h.db('workshop_registrations').where({ email, status: 'completed' })).toHaveLength(1);
  });

  it('is still never captured when the buyer opens the return link again after the seat was cancelled', async () => {
    const email = 'review-refused-return-again@example.com';
    const { orderId, seatId, location } = await refusedApproval(email);
    expect((await h.api('POST', `/api/admin/registrations/${seatId}/cancel`, { token: h.token })).status).toBe(200);
    const again = new URL(await follow(h.server, location), 'http://site');
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first('capture_id')).toEqual({ capture_id: null });
    expect(again.pathname).not.toBe('/thank-you');
  });

  it('a card payment only authorized for such an order is still never captured after that seat is cancelled (reconciler)', async () => {
    const email = 'review-authorized-then-cancelled@example.com';
    const w = await createWorkshop(h.db, { title: 'Paid Twice Workshop', max_participants: 10 });
    const first = (await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who(email) } })).body;
    const next = (await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who(email) } })).body;
    const paid = (await payInRazorpaySandbox(h.server, first.order, first.key_id)).body;
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid })).status).toBe(200);
    const authorized = (await payInRazorpaySandbox(h.server, next.order, next.key_id, 'authorize')).body;
    const answer = await h.api('POST', '/api/checkout/razorpay/verify', { body: authorized });
    expect([answer.status, answer.body.error?.message]).toEqual([409, CHECKOUT_MESSAGES.alreadyBooked]);
    const seat = await h.db('workshop_registrations').where({ email, status: 'completed' }).first('id');
    expect((await h.api('POST', `/api/admin/registrations/${seat.id}/cancel`, { token: h.token })).status).toBe(200);
    await reconcileNow();
    expect(await h.db('provider_sandbox.razorpay_payments').where({ id: authorized.razorpay_payment_id }).first('status')).toEqual({ status: 'authorized' });
  });
});
