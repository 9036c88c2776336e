import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { CHECKOUT_MESSAGES } from '../../src/payments/checkout-messages';
import { useTestServer } from '../support/test-server';
import { type Booked, bookByCard, bookByPaypal, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop, follow } from './payments-helpers';

/**
 * A business decision about a paid booking is final (issue: refund holes 1 and 2): a buyer's
 * cancel under the policy, an admin's cancel without refund, an admin's partial refund. No
 * replay of the payment result (card verify, PayPal return link, a late webhook, a reconcile
 * pass), before or after "clear all registrations", gives back more than the decision did.
 */
const h = useTestServer({ admin: true });

const book = (provider: 'paypal' | 'razorpay', workshopId: string, name: string) => (provider === 'paypal' ? bookByPaypal(h, workshopId, name) : bookByCard(h, workshopId, name));
const cancelByBuyer = (b: Booked) => h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } });

/** Every way the payment's result can arrive again, then the queue runs dry. */
async function replayEverything(b: Booked) {
  const replayed = await b.replay();
  const hooked = await b.webhook();
  expect(hooked.status).toBe(200);
  await h.db('workshop_registrations').whereNotNull('reconcile_after').update({ reconcile_after: h.db.raw(`now() - interval '1 second'`) });
  await reconcilePass(h.server.payments!, 3600);
  await refundsSettled(h);
  return replayed;
}

const clearAll = async () => expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token })).status).toBe(200);

describe.each(['razorpay', 'paypal'] as const)('%s: a cancelled booking whose payment result arrives again', (provider) => {
  it('a buyer cancelling under 3 days before the start keeps nothing back, and a replay refunds nothing', async () => {
    const w = await createWorkshop(h.db);
    const b = await book(provider, w.id, `late-cancel-${provider}`);
    await startsIn(h, w.id, 1);
    expect((await cancelByBuyer(b)).body).toEqual({ confirmed: true, refund_cents: 0 });
    const replayed = await replayEverything(b);
    expect(replayed.message).toBe(CHECKOUT_MESSAGES.bookingCancelled);
    if (provider === 'razorpay') expect(replayed.status).toBe(409);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
    expect(await h.db('refunds').where({ payment_id: b.paymentId })).toHaveLength(0);
    expect(await h.db('workshop_registrations').where({ email: b.email }).first()).toMatchObject({ status: 'cancelled', status_reason: 'cancelled_by_buyer' });
  });

  it("an admin's cancel without refund is final", async () => {
    const w = await createWorkshop(h.db);
    const b = await book(provider, w.id, `admin-cancel-${provider}`);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token })).status).toBe(200);
    await replayEverything(b);
    await replayEverything(b);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
  });

  it('a half refund under the policy goes back once, exactly, however often the payment arrives again', async () => {
    const w = await createWorkshop(h.db);
    const b = await book(provider, w.id, `half-cancel-${provider}`);
    await startsIn(h, w.id, 5);
    expect((await cancelByBuyer(b)).body).toEqual({ confirmed: true, refund_cents: 4950 });
    // A replay while the decision's refund is still on its way, and again after it was made.
    await b.replay();
    await replayEverything(b);
    await replayEverything(b);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first()).toMatchObject({ amount_cents: 9900, kept_cents: 4950, decision: 'cancelled_by_buyer' });
  });

  it("an admin's partial refund is final: a second click is refused and replays give back nothing more", async () => {
    const w = await createWorkshop(h.db);
    const b = await book(provider, w.id, `admin-partial-${provider}`);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const refund = () => h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 2000, reason: 'goodwill' } });
    expect((await refund()).status).toBe(200);
    expect((await refund()).status).toBe(409);
    await replayEverything(b);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 2000, refunds: 1 });
  });
});

describe.each(['razorpay', 'paypal'] as const)('%s: "clear all registrations", then the payment result arrives again', (provider) => {
  it('keeps what a no-refund cancellation kept', async () => {
    const w = await createWorkshop(h.db);
    const b = await book(provider, w.id, `clear-none-${provider}`);
    await startsIn(h, w.id, 1);
    expect((await cancelByBuyer(b)).body.refund_cents).toBe(0);
    await clearAll();
    expect(await h.db('workshop_registrations').where({ email: b.email }).first()).toBeUndefined();
    const replayed = await replayEverything(b);
    expect(replayed.message).toBe(CHECKOUT_MESSAGES.settledBefore);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
  });

  it('keeps the fee of a half-refund cancellation', async () => {
    const w = await createWorkshop(h.db);
    const b = await book(provider, w.id, `clear-half-${provider}`);
    await startsIn(h, w.id, 5);
    expect((await cancelByBuyer(b)).body.refund_cents).toBe(4950);
    await refundsSettled(h);
    await clearAll();
    await replayEverything(b);
    await replayEverything(b);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
  });

  it('still refunds in full money that arrives for the first time for a cleared checkout that never held a seat (PayPal: never takes it)', async () => {
    const w = await createWorkshop(h.db);
    const co = await h.api('POST', `/api/checkout/${provider}`, { body: { workshop_id: w.id, name: 'Walked Away', email: `walked-${provider}@example.com`, phone: '9876543210' } });
    const orderId = provider === 'paypal' ? (new URL(co.body.approval_url).searchParams.get('token') as string) : co.body.order.id;
    const released =
      provider === 'paypal' ? await h.api('GET', `/api/checkout/paypal/cancel?token=${orderId}`) : await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: orderId } });
    expect([200, 302]).toContain(released.status);
    // Its late checks are over, so the clear archives it.
    await h.db('workshop_registrations').where({ provider_order_id: orderId }).update({ created_at: h.db.raw(`now() - interval '4 days'`), reconcile_after: null });
    await clearAll();
    if (provider === 'paypal') {
      // An approval no registration owns is never captured: no money is taken, so none has to come back.
      const back = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderId}/approve`, { method: 'POST', redirect: 'manual' });
      const res = await fetch(new URL(back.headers.get('location')!, h.server.url), { redirect: 'manual' });
      expect(new URL(res.headers.get('location')!, 'http://site').searchParams.get('message')).toBe(CHECKOUT_MESSAGES.unknownOrder);
      expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first()).toMatchObject({ status: 'APPROVED', capture_id: null });
      return;
    }
    const paid = await h.api('POST', '/sandbox/razorpay/pay', { body: { key: co.body.key_id, order_id: orderId, email: 'x@example.com', contact: '9876543210', outcome: 'success' } });
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).body.error.message).toBe(CHECKOUT_MESSAGES.unknownOrder);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, { provider, paymentId: paid.body.razorpay_payment_id })).toEqual({ cents: 9900, refunds: 1 });
  });
});

describe('the payment ledger', () => {
  it('is the database\'s own check: no refund row can give back more than captured minus kept', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'ledger-guard');
    const insert = (amount: number, key: string) =>
      h.db('refunds').insert({ idempotency_key: key, provider: 'razorpay', payment_id: b.paymentId, amount_cents: amount, currency: 'USD', reason: 'cancellation' });
    // A booking keeps all of its payment: a stray refund of any of it is refused.
    await expect(insert(1, 'stray-1')).rejects.toThrow(/would give back 1 of 9900, keeping 9900/);
    // …and a payment the server never recorded cannot be refunded at all.
    await expect(h.db('refunds').insert({ idempotency_key: 'stray-2', provider: 'razorpay', payment_id: 'pay_unknown', amount_cents: 1, currency: 'USD', reason: 'unattributed' })).rejects.toThrow(/has no payment record/);
    expect(await h.db('refunds').where({ payment_id: b.paymentId })).toHaveLength(0);
  });
});

describe('"clear all registrations" before the workshop', () => {
  it('keeps every booking whose workshop has not ended: its seat is not sold again, and its link still works', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const a = await bookByCard(h, w.id, 'clear-keeps-seat');
    const cleared = await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
    expect(cleared.status).toBe(200);
    expect(await h.db('workshop_registrations').where({ email: a.email }).first()).toMatchObject({ status: 'completed' });
    expect((await h.api('GET', `/api/booking/${a.token}`)).status).toBe(200);
    const b = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, name: 'Second', email: 'clear-second@example.com', phone: '9876543210' } });
    expect(b.status).toBe(409);
  });

  it('keeps a booking for the recordings window after its workshop, and archives it once that ended', async () => {
    const w = await createWorkshop(h.db);
    const a = await bookByCard(h, w.id, 'clear-after-recordings');
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 29 * 86_400_000) });
    await clearAll();
    expect(await h.db('workshop_registrations').where({ email: a.email }).first()).toBeTruthy();
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 31 * 86_400_000) });
    await clearAll();
    expect(await h.db('workshop_registrations').where({ email: a.email }).first()).toBeUndefined();
    expect(await h.db('workshop_registrations_archive').whereRaw(`record->>'email' = ?`, [a.email]).first()).toBeTruthy();
  });

  it('a checkout replaced by one that booked stays uncaptured after the clear (the booking stays live)', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const who = { name: 'Replaced Then Clear', email: 'replaced-then-clear@example.com', phone: '9876543210' };
    const a = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const b = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const orderA = new URL(a.body.approval_url).searchParams.get('token') as string;
    const orderB = new URL(b.body.approval_url).searchParams.get('token') as string;
    const backB = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderB}/approve`, { method: 'POST', redirect: 'manual' });
    expect(await follow(h.server, backB.headers.get('location')!)).toMatch(/^\/thank-you/);
    await clearAll();
    const backA = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderA}/approve`, { method: 'POST', redirect: 'manual' });
    expect(new URL(await follow(h.server, backA.headers.get('location')!), 'http://site').searchParams.get('message')).toBe(CHECKOUT_MESSAGES.alreadyBooked);
    expect(await h.db('provider_sandbox.paypal_orders').whereIn('id', [orderA, orderB]).whereNotNull('capture_id').pluck('id')).toEqual([orderB]);
  });
});
