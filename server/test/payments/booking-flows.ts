import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { hmacHex, SANDBOX_CREDENTIALS, signPaypalWebhook } from '../../src/sandbox/sandbox.credentials';
import type { TestServerHandle } from '../support/test-server';
import { buyer, follow, payInRazorpaySandbox, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

/** A booking bought through a provider, with everything a buyer (or a replaying attacker) holds afterwards. */
export interface Booked {
  provider: 'paypal' | 'razorpay';
  email: string;
  orderId: string;
  /** Razorpay's payment id, PayPal's capture id. */
  paymentId: string;
  /** The buyer's manage-your-booking token, from the confirmation email. */
  token: string;
  /** Sends the buyer's payment result again: Razorpay's signed verify body, PayPal's return link. */
  replay: () => Promise<{ status: number; message: string }>;
  /** Delivers the provider's "payment captured" webhook again (a fresh event id each time, as a late delivery). */
  webhook: () => Promise<{ status: number; body: unknown }>;
}

async function bookingToken(h: TestServerHandle, email: string): Promise<string> {
  const mail = await waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject.startsWith("You're registered")));
  const token = mail.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
  expect(token, mail.text_body ?? '').toBeTruthy();
  return token as string;
}

export async function razorpayWebhook(h: TestServerHandle, event: string, paymentId: string, orderId: string) {
  const raw = JSON.stringify({ event, payload: { payment: { entity: { id: paymentId, order_id: orderId } } } });
  const res = await h.api('POST', '/api/webhooks/razorpay', {
    body: raw,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(SANDBOX_CREDENTIALS.razorpayWebhookSecret, raw), 'x-razorpay-event-id': `evt_${randomUUID()}` },
  });
  return { status: res.status, body: res.body as unknown };
}

export async function paypalWebhook(h: TestServerHandle, type: string, resource: object) {
  const id = `WH-${randomUUID()}`;
  const raw = JSON.stringify({ id, event_type: type, resource });
  const res = await h.api('POST', '/api/webhooks/paypal', { body: raw, headers: { 'content-type': 'application/json', ...signPaypalWebhook(raw, id) } });
  return { status: res.status, body: res.body as unknown };
}

/** Checkout, pay in the card window, verify: a completed booking. */
export async function bookByCard(h: TestServerHandle, workshopId: string, name: string, extra: Record<string, unknown> = {}): Promise<Booked> {
  const who = buyer(name);
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who, ...extra } });
  expect(co.status, co.text).toBe(201);
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  const verify = () => h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
  const first = await verify();
  expect(first.status, first.text).toBe(200);
  return {
    provider: 'razorpay',
    email: who.email,
    orderId: co.body.order.id,
    paymentId: paid.body.razorpay_payment_id,
    token: await bookingToken(h, who.email),
    replay: async () => {
      const res = await verify();
      return { status: res.status, message: res.body?.error?.message ?? '' };
    },
    webhook: () => razorpayWebhook(h, 'payment.captured', paid.body.razorpay_payment_id, co.body.order.id),
  };
}

/** Checkout, approve at PayPal, come back: a completed booking. The return link is all a replay needs. */
export async function bookByPaypal(h: TestServerHandle, workshopId: string, name: string, extra: Record<string, unknown> = {}): Promise<Booked> {
  const who = buyer(name);
  const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: workshopId, ...who, ...extra } });
  expect(co.status, co.text).toBe(201);
  const orderId = new URL(co.body.approval_url).searchParams.get('token') as string;
  const back = await pressPaypalButton(h.server, co.body.approval_url, 'approve');
  expect(await follow(h.server, back)).toMatch(/^\/thank-you/);
  const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
  return {
    provider: 'paypal',
    email: who.email,
    orderId,
    paymentId: order.capture_id,
    token: await bookingToken(h, who.email),
    replay: async () => {
      const location = await follow(h.server, back);
      return { status: 302, message: new URL(location, 'http://site').searchParams.get('message') ?? location };
    },
    webhook: () => paypalWebhook(h, 'PAYMENT.CAPTURE.COMPLETED', { id: order.capture_id, supplementary_data: { related_ids: { order_id: orderId } } }),
  };
}

/** What the provider gave back of a payment, in cents, and in how many refunds. */
export async function refundedAtProvider(h: TestServerHandle, b: Pick<Booked, 'provider' | 'paymentId'>): Promise<{ cents: number; refunds: number }> {
  if (b.provider === 'razorpay') {
    // A refund the bank sent back moved no money.
    const rows = await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: b.paymentId }).whereNot({ status: 'failed' });
    return { cents: rows.reduce((s, r) => s + r.amount, 0), refunds: rows.length };
  }
  const rows = await h.db('provider_sandbox.paypal_refunds').where({ capture_id: b.paymentId });
  return { cents: rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0), refunds: rows.length };
}

/**
 * The bank sends back a refund Razorpay had accepted (`refund.failed`): the sandbox marks it failed
 * and the money is the merchant's again; `webhook` delivers Razorpay's signed event for it.
 */
export async function razorpayRefundSentBack(h: TestServerHandle, refundId: string): Promise<{ webhook: (eventId?: string) => Promise<WebhookAnswer> }> {
  const res = await h.api('POST', `/sandbox/razorpay/refunds/${refundId}/fail`);
  expect(res.status, res.text).toBe(200);
  const raw = JSON.stringify({ event: 'refund.failed', payload: { refund: { entity: { id: refundId, payment_id: res.body.payment_id, amount: res.body.amount, status: 'failed' } } } });
  const fixedEventId = `evt_${randomUUID()}`;
  return {
    webhook: async (eventId = fixedEventId) => {
      const hook = await h.api('POST', '/api/webhooks/razorpay', {
        body: raw,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(SANDBOX_CREDENTIALS.razorpayWebhookSecret, raw), 'x-razorpay-event-id': eventId },
      });
      return { status: hook.status, body: hook.body };
    },
  };
}

/** Every refund the server queued has been made (or given up on): the provider's figures are final. */
export async function refundsSettled(h: TestServerHandle): Promise<void> {
  await waitFor(async () => !(await h.db('refunds').where({ status: 'queued' }).first('id')), 30_000, 50);
}

/** Moves the workshop's start so the cancellation policy's band is the one wanted. */
export async function startsIn(h: TestServerHandle, workshopId: string, days: number): Promise<void> {
  await h.db('workshops').where({ id: workshopId }).update({ date: new Date(Date.now() + days * 86_400_000) });
}

/** What a provider's webhook delivery was answered. */
export interface WebhookAnswer {
  status: number;
  body: any;
}

/**
 * A refund an admin makes by hand at PayPal's dashboard (no key of ours), and the webhook PayPal
 * sends for it. `webhook()` delivers PAYMENT.CAPTURE.REFUNDED for that refund, signed, with a fresh
 * transmission id and by default a fresh event id on each call (a late or repeated delivery); pass
 * the same `eventId` to replay one event.
 */
export async function paypalDashboardRefund(h: TestServerHandle, captureId: string, dollars: string): Promise<{ id: string; webhook: (eventId?: string) => Promise<WebhookAnswer> }> {
  const hand = await h.api('POST', `/sandbox/paypal/v2/payments/captures/${captureId}/refund`, {
    headers: { authorization: 'Bearer A21AA-sandbox-dashboard' },
    body: { amount: { value: dollars, currency_code: 'USD' } },
  });
  expect(hand.status, hand.text).toBe(201);
  const id = hand.body.id as string;
  const webhook = async (eventId = `WH-${randomUUID()}`): Promise<WebhookAnswer> => {
    const raw = JSON.stringify({ id: eventId, event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id, links: [{ rel: 'up', href: `/v2/payments/captures/${captureId}`, method: 'GET' }] } });
    const res = await h.api('POST', '/api/webhooks/paypal', { body: raw, headers: { 'content-type': 'application/json', ...signPaypalWebhook(raw, randomUUID()) } });
    return { status: res.status, body: res.body };
  };
  return { id, webhook };
}

/**
 * A refund an admin makes by hand at Razorpay's dashboard (no key of ours), and the webhook Razorpay
 * sends for it. `webhook()` delivers its signed refund.processed; by default every call carries the
 * same event id (one fixed per refund, so a second call is a replay of the same event), or `eventId`.
 */
export async function razorpayDashboardRefund(h: TestServerHandle, paymentId: string, cents: number): Promise<{ id: string; webhook: (eventId?: string) => Promise<WebhookAnswer> }> {
  const auth = Buffer.from(`${SANDBOX_CREDENTIALS.razorpayKeyId}:${SANDBOX_CREDENTIALS.razorpayKeySecret}`).toString('base64');
  const res = await h.api('POST', `/sandbox/razorpay/v1/payments/${paymentId}/refund`, { headers: { authorization: `Basic ${auth}` }, body: { amount: cents } });
  expect(res.status, res.text).toBe(200);
  const id = res.body.id as string;
  const raw = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: { id, payment_id: paymentId, amount: cents } } } });
  const fixedEventId = `evt_${randomUUID()}`;
  const webhook = async (eventId = fixedEventId): Promise<WebhookAnswer> => {
    const hook = await h.api('POST', '/api/webhooks/razorpay', {
      body: raw,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(SANDBOX_CREDENTIALS.razorpayWebhookSecret, raw), 'x-razorpay-event-id': eventId },
    });
    return { status: hook.status, body: hook.body };
  };
  return { id, webhook };
}
