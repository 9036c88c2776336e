import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { razorpayPaymentSignature, SANDBOX_CREDENTIALS, signPaypalWebhook } from '../../src/sandbox/sandbox.credentials';
import { REFUND_MAX_ATTEMPTS, scheduleRefundJob } from '../../src/payments/refunds/refund.queue';
import { insertRefund, insertRegistration } from '../support/fixtures';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, follow, payInRazorpaySandbox, payWithPaypal, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

const h = useTestServer();

const BEING_REFUNDED = 'The workshop filled up before your payment arrived, so your payment is being refunded in full. Check your email for details.';
const regOf = (email: string) => h.db('workshop_registrations').where({ email }).first();
const expireHold = (id: string) => h.db('workshop_registrations').where({ id }).update({ hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });
// Long enough that the assertions made during the outage finish inside it, even on a busy CI machine.
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);

describe('a refund the provider refuses at first', () => {
  it('PayPal: a capture that completes after its seat was taken is refunded once the provider is back, then the buyer is told', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Full Before You Paid' });
    const late = buyer('retry-paypal');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...late } });
    const orderId = new URL(res.body.approval_url).searchParams.get('token') as string;
    // PayPal holds the capture for review; meanwhile the hold runs out and someone else buys the seat.
    await follow(h.server, await pressPaypalButton(h.server, res.body.approval_url, 'approve-pending'));
    await expireHold((await regOf(late.email)).id);
    expect((await payWithPaypal(h.server, w.id, buyer('retry-paypal-winner'))).location).toMatch(/^\/thank-you/);

    await refundsDown(4);
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    await h.api('POST', `/sandbox/paypal/captures/${order.capture_id}/settle`, { body: { outcome: 'COMPLETED' } });
    const event = { id: `WH-${randomUUID()}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: order.capture_id, supplementary_data: { related_ids: { order_id: orderId } } } };
    const raw = JSON.stringify(event);
    const delivered = await h.api('POST', '/api/webhooks/paypal', { body: raw, headers: { 'content-type': 'application/json', ...signPaypalWebhook(raw, randomUUID()) } });
    expect(delivered.body).toEqual({ status: 'refunded' });
    // The money is ours, the refund is not made yet: the row says so and nobody is told "refunded" yet.
    const pending = await regOf(late.email);
    expect(pending).toMatchObject({ status: 'refund_pending', status_reason: 'workshop_full_refunded', payment_id: order.capture_id });
    expect(await h.db('provider_sandbox.paypal_refunds')).toHaveLength(0);
    expect(await h.db('email_messages').where({ registration_id: pending.id })).toHaveLength(0);

    const done = await waitFor(async () => {
      const r = await regOf(late.email);
      return r.status === 'refunded' ? r : undefined;
    }, 30_000, 200);
    expect(await h.db('provider_sandbox.paypal_refunds').where({ capture_id: done.payment_id })).toHaveLength(1);
    expect(await h.db('payment_events').where({ provider: 'paypal', event_id: `refund:paypal:${done.payment_id}:1`, event_type: 'refund.completed' })).toHaveLength(1);
    expect((await h.db('refunds').where({ payment_id: done.payment_id }).first()).attempts).toBeGreaterThan(1);
    const notices = await waitFor(async () => {
      const m = await sandboxEmails(h.server, late.email);
      return m.length ? m : undefined;
    });
    expect(notices.map((m) => m.subject)).toEqual(['Refund issued: Full Before You Paid is full']);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' })).toHaveLength(1);
  }, 60_000);

  it('Razorpay: a payment whose hold the reconciler already failed; a seat freed meanwhile is not taken by a replay', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const late = buyer('retry-rzp');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...late } });
    // What reconciliation does to a hold that expired unpaid: failed, and the person lands in revive.
    const lateReg = await regOf(late.email);
    await h.db('workshop_registrations').where({ id: lateReg.id }).update({ status: 'failed', status_reason: 'hold_expired', hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });
    await h.db('revive').insert({ name: late.name, email: late.email, source: 'abandoned_checkout', registration_id: lateReg.id });
    // Someone else holds the only seat, without having paid yet.
    const winner = buyer('retry-rzp-holder');
    expect((await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...winner } })).status).toBe(201);

    await refundsDown(4);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status).toBe(409);
    expect(verify.body.error.message).toBe(BEING_REFUNDED);
    expect(await regOf(late.email)).toMatchObject({ status: 'refund_pending', status_reason: 'workshop_full_refunded', payment_id: paid.body.razorpay_payment_id });
    expect(await h.db('revive').where({ registration_id: lateReg.id })).toHaveLength(0);
    const payment = () => h.db('provider_sandbox.razorpay_payments').where({ id: paid.body.razorpay_payment_id }).first();
    expect(await payment()).toMatchObject({ status: 'captured', amount_refunded: 0 });

    // The holder walks away: the seat is free again, but money already on its way back stays refunded.
    await h.db('workshop_registrations').where({ email: winner.email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });
    const replay = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(replay.status).toBe(409);
    expect((await regOf(late.email)).status).not.toBe('completed');

    await waitFor(async () => (await regOf(late.email)).status === 'refunded', 30_000, 200);
    expect(await payment()).toMatchObject({ status: 'refunded', amount_refunded: 9900 });
    expect(await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: paid.body.razorpay_payment_id })).toHaveLength(1);
    const kinds = await h.db('email_messages').where({ registration_id: lateReg.id }).pluck('kind');
    expect(kinds).toEqual(['refund_notice']);

    const again = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(again.status).toBe(409);
    expect(await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: paid.body.razorpay_payment_id })).toHaveLength(1);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' })).toHaveLength(0);
  }, 60_000);
});

describe('a second payment for a seat already paid for', () => {
  it('keeps the seat on the first payment, refunds the second once and tells the buyer once', async () => {
    const w = await createWorkshop(h.db, { title: 'Paid Twice Workshop' });
    const who = buyer('paid-twice');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    const first = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const done = await h.api('POST', '/api/checkout/razorpay/verify', { body: first.body });
    expect(done.status).toBe(200);

    // Razorpay can capture a second payment on an order (a retried card, a second tab): the provider's record of it.
    const secondId = 'pay_second_for_same_order';
    await h.db('provider_sandbox.razorpay_payments').insert({ id: secondId, order_id: co.body.order.id, amount: 9900, currency: 'USD', status: 'captured', email: who.email, contact: who.phone });
    const second = {
      razorpay_order_id: co.body.order.id,
      razorpay_payment_id: secondId,
      razorpay_signature: razorpayPaymentSignature(co.body.order.id, secondId, SANDBOX_CREDENTIALS.razorpayKeySecret),
    };
    for (const attempt of [1, 2]) {
      const res = await h.api('POST', '/api/checkout/razorpay/verify', { body: second });
      expect(res.status, `verify #${attempt}`).toBe(200);
      expect(res.body).toEqual(done.body);
    }

    expect(await regOf(who.email)).toMatchObject({ status: 'completed', payment_id: first.body.razorpay_payment_id });
    await waitFor(async () => (await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: secondId })).length === 1);
    expect(await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: first.body.razorpay_payment_id })).toHaveLength(0);
    const mail = await waitFor(async () => {
      const m = await sandboxEmails(h.server, who.email);
      return m.length === 2 ? m : undefined;
    });
    expect(mail.map((m) => m.subject).sort()).toEqual(['Extra payment refunded: Paid Twice Workshop', "You're registered: Paid Twice Workshop"]);
    const extra = mail.find((m) => m.subject.startsWith('Extra payment'))!;
    expect(extra.text_body).toContain('Refunded: $99.00');
    expect(await h.db('email_messages').where({ registration_id: (await regOf(who.email)).id, kind: 'duplicate_refund_notice' })).toHaveLength(1);
  }, 60_000);
});

describe('another payment on a registration whose money is already going back', () => {
  it('is refunded too, without completing anything', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const late = buyer('refunded-then-paid');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...late } });
    await expireHold((await regOf(late.email)).id);
    const winner = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('refunded-then-paid-winner') } });
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: (await payInRazorpaySandbox(h.server, winner.body.order, winner.body.key_id)).body })).status).toBe(200);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(409);
    await waitFor(async () => (await regOf(late.email)).status === 'refunded');

    const otherId = 'pay_after_refund';
    await h.db('provider_sandbox.razorpay_payments').insert({ id: otherId, order_id: co.body.order.id, amount: 9900, currency: 'USD', status: 'captured', email: late.email, contact: late.phone });
    const other = { razorpay_order_id: co.body.order.id, razorpay_payment_id: otherId, razorpay_signature: razorpayPaymentSignature(co.body.order.id, otherId, SANDBOX_CREDENTIALS.razorpayKeySecret) };
    const res = await h.api('POST', '/api/checkout/razorpay/verify', { body: other });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(BEING_REFUNDED);
    await waitFor(async () => (await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: otherId })).length === 1);
    expect(await regOf(late.email)).toMatchObject({ status: 'refunded', payment_id: paid.body.razorpay_payment_id });
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' })).toHaveLength(1);
  }, 60_000);
});

describe('a refund the provider never accepts', () => {
  it('tells the admins to refund it by hand once the last attempt failed', async () => {
    await h.db('admin_settings')
      .insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: 'owner@example.com' }) })
      .onConflict('setting_key')
      .merge();
    const w = await createWorkshop(h.db, { title: 'Never Refunded Workshop' });
    const reg = await insertRegistration(h.db, w.id, { name: 'Stuck Sam', email: 'stuck@example.com', payment_id: 'pay_never_refunded', payment_method: 'razorpay', status: 'refund_pending', status_reason: 'workshop_full_refunded' });
    await refundsDown(60);
    // The owed refund on its last attempt: 29 made, the refund row counts them.
    const refund = await insertRefund(h.db, { idempotency_key: 'auto:razorpay:pay_never_refunded', registration_id: reg.id, provider: 'razorpay', payment_id: 'pay_never_refunded', amount_cents: 9900, currency: 'USD', reason: 'workshop_full', attempts: REFUND_MAX_ATTEMPTS - 1 });
    await scheduleRefundJob(h.db, refund.id);

    const [alert] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, 'owner@example.com');
      return m.length ? m : undefined;
    });
    expect(alert.subject).toBe('Action needed: refund failed for Stuck Sam ($99.00)');
    expect(alert.text_body).toContain('Payment ID: pay_never_refunded');
    expect(await regOf('stuck@example.com')).toMatchObject({ status: 'refund_pending' });
    expect(await h.db('refunds').where({ id: refund.id }).first()).toMatchObject({ status: 'failed', attempts: REFUND_MAX_ATTEMPTS });
    // Given up: no job is left to run it again until an admin retries.
    expect((await h.db.raw(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'refund_id' = ?`, [refund.id])).rows[0].n).toBe(0);
    await refundsDown(0);
  }, 60_000);
});
