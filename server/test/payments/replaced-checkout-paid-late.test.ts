import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../src/payments/checkout-messages';
import { useTestServer } from '../support/test-server';
import { razorpayWebhook, refundedAtProvider, refundsSettled } from './booking-flows';
import { createWorkshop, follow, payInRazorpaySandbox, sandboxEmails, waitFor } from './payments-helpers';

/**
 * One seat per person, when the money arrives too. A buyer starts a card checkout, starts another
 * (the first is let go as replaced) and pays it: their seat. Then the first checkout's money
 * arrives as well (its payment window was still open in another tab; Razorpay captures on
 * payment). It buys no second seat: it goes back in full, the buyer is told why, and no replay
 * gives back anything more. The same when the old window is paid first and the retry after.
 */
const h = useTestServer({ admin: true });
const who = (email: string) => ({ name: 'Twice Payer', email, phone: '9876543210' });

async function twoCheckouts(email: string, second: 'razorpay' | 'paypal' = 'razorpay') {
  const w = await createWorkshop(h.db, { title: 'Paid Twice Workshop', max_participants: 10 });
  const first = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who(email) } });
  const next = await h.api('POST', `/api/checkout/${second}`, { body: { workshop_id: w.id, ...who(email) } });
  expect([first.status, next.status]).toEqual([201, 201]);
  return { first: first.body, next: next.body };
}
const pay = async (co: { order: { id: string }; key_id: string }) => (await payInRazorpaySandbox(h.server, co.order, co.key_id)).body as { razorpay_payment_id: string };
const verify = (paid: object) => h.api('POST', '/api/checkout/razorpay/verify', { body: paid });

async function expectOneSeatAndFullRefund(email: string, paymentId: string, refundedIsFirst: boolean) {
  await refundsSettled(h);
  const rows = await h.db('workshop_registrations').where({ email }).orderBy('created_at').select('status', 'status_reason');
  const refunded = { status: 'refunded', status_reason: 'already_booked_refunded' };
  const seat = { status: 'completed', status_reason: null };
  expect(rows).toEqual(refundedIsFirst ? [refunded, seat] : [seat, refunded]);
  expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId })).toEqual({ cents: 9900, refunds: 1 });
  const told = await waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject === 'Refund issued: Paid Twice Workshop'));
  expect(told.text_body).toContain('already had a seat in this workshop from another booking');
  expect((await sandboxEmails(h.server, email)).filter((m) => m.subject.startsWith('Refund issued'))).toHaveLength(1);
}

describe('money for a person who has a seat from another booking by the time it arrives', () => {
  it('comes back in full with the buyer told, never a second seat, however often it is reported (the replaced checkout paid late)', async () => {
    const email = 'twice-verify@example.com';
    const { first, next } = await twoCheckouts(email);
    expect((await verify(await pay(next))).status).toBe(200);
    const paid = await pay(first);
    const answer = await verify(paid);
    expect([answer.status, answer.body.error?.message]).toEqual([409, CHECKOUT_MESSAGES.bookedRefunded]);
    await expectOneSeatAndFullRefund(email, paid.razorpay_payment_id, true);

    const again = await verify(paid);
    expect([again.status, again.body.error?.message]).toEqual([409, CHECKOUT_MESSAGES.bookedRefunded]);
    expect((await razorpayWebhook(h, 'payment.captured', paid.razorpay_payment_id, first.order.id)).status).toBe(200);
    await expectOneSeatAndFullRefund(email, paid.razorpay_payment_id, true);
  });

  it('is refunded the same way when only the provider’s webhook reports it', async () => {
    const email = 'twice-webhook@example.com';
    const { first, next } = await twoCheckouts(email);
    expect((await verify(await pay(next))).status).toBe(200);
    const paid = await pay(first);
    expect((await razorpayWebhook(h, 'payment.captured', paid.razorpay_payment_id, first.order.id)).status).toBe(200);
    await expectOneSeatAndFullRefund(email, paid.razorpay_payment_id, true);
  });

  it('the other way round: the replaced checkout paid first keeps the seat, and the retry paid after goes back in full', async () => {
    const email = 'twice-reversed@example.com';
    const { first, next } = await twoCheckouts(email);
    expect((await verify(await pay(first))).status).toBe(200);
    const paid = await pay(next);
    const answer = await verify(paid);
    expect([answer.status, answer.body.error?.message]).toEqual([409, CHECKOUT_MESSAGES.bookedRefunded]);
    await expectOneSeatAndFullRefund(email, paid.razorpay_payment_id, false);
  });

  it('an approval at PayPal for the retry, once the replaced card checkout was paid, is never captured', async () => {
    const email = 'twice-paypal@example.com';
    const { first, next } = await twoCheckouts(email, 'paypal');
    expect((await verify(await pay(first))).status).toBe(200);
    const orderId = new URL(next.approval_url).searchParams.get('token') as string;
    const back = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderId}/approve`, { method: 'POST', redirect: 'manual' });
    expect(new URL(await follow(h.server, back.headers.get('location')!), 'http://site').searchParams.get('message')).toBe(CHECKOUT_MESSAGES.alreadyBooked);
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first('capture_id')).toEqual({ capture_id: null });
    expect(await h.db('workshop_registrations').where({ email }).orderBy('created_at').select('status', 'status_reason')).toEqual([
      { status: 'completed', status_reason: null },
      { status: 'failed', status_reason: 'already_booked_not_charged' },
    ]);
  });
});
