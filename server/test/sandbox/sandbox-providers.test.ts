import { ApiError, CheckoutPaymentIntent } from '@paypal/paypal-server-sdk';
import { describe, expect, it } from 'vitest';
import { createPaypalClient, type PaypalClient } from '../../src/payments/paypal/paypal.client';
import { createRazorpayClient } from '../../src/payments/razorpay/razorpay.client';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/sandbox.credentials';
import { sandboxApiUrl } from '../../src/sandbox/sandbox.server';
import { useTestServer } from '../support/test-server';

/**
 * The sandbox through the real SDKs, on the sandbox's own listener as the server reaches it;
 * the buyer's side (approval page, checkout pay call, switches) through the main server.
 */
const h = useTestServer();

function apiUrl(): string {
  const url = sandboxApiUrl(h.db);
  if (!url) throw new Error('the test server runs no provider sandbox');
  return url;
}
const paypal = () => createPaypalClient({ clientId: SANDBOX_CREDENTIALS.paypalClientId, clientSecret: SANDBOX_CREDENTIALS.paypalClientSecret, mode: 'sandbox', sandboxApiUrl: apiUrl() });
const razorpay = () => createRazorpayClient({ keyId: SANDBOX_CREDENTIALS.razorpayKeyId, keySecret: SANDBOX_CREDENTIALS.razorpayKeySecret, sandboxApiUrl: apiUrl() });

async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (err) {
    return err;
  }
  throw new Error('expected the provider to refuse the call');
}

/** What a PayPal caller relies on in an error: the HTTP status, the name and the first issue. */
async function paypalRefusal(call: Promise<unknown>) {
  const err = await rejection(call);
  if (!(err instanceof ApiError)) throw err;
  const body = typeof err.body === 'string' ? JSON.parse(err.body) : (err.result as { name?: string; details?: { issue: string }[] });
  return { status: err.statusCode, name: body.name, issue: body.details?.[0]?.issue };
}

/** The Razorpay SDK rejects with `{statusCode, error: {code, description, field}}`. */
async function razorpayRefusal(call: Promise<unknown>) {
  return (await rejection(call)) as { statusCode: number; error: { code: string; description: string; field?: string } };
}

/** A buyer approves an order on the sandbox's page with one of its buttons. */
async function approvedOrder(pp: PaypalClient, button: 'approve' | 'approve-pending', value = '40.00'): Promise<string> {
  const { result } = await pp.orders.createOrder({
    body: { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ amount: { currencyCode: 'USD', value } }] },
    prefer: 'return=representation',
  });
  const approval = result.links?.find((l) => l.rel === 'payer-action')?.href as string;
  const page = await fetch(new URL(approval, h.server.url)).then((r) => r.text());
  expect(page).toContain(`data-testid="sandbox-paypal-${button}"`);
  const pressed = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${result.id}/${button}`, { method: 'POST', redirect: 'manual' });
  expect(pressed.status).toBe(303);
  return result.id as string;
}

async function capturedId(pp: PaypalClient, orderId: string): Promise<string> {
  const { result } = await pp.orders.captureOrder({ id: orderId, prefer: 'return=representation' });
  return result.purchaseUnits?.[0]?.payments?.captures?.[0]?.id as string;
}

const refund = (pp: PaypalClient, captureId: string, requestId: string, value?: string, note?: string) =>
  pp.payments.refundCapturedPayment({ captureId, paypalRequestId: requestId, body: value ? { amount: { currencyCode: 'USD', value }, noteToPayer: note } : undefined });

/** The buyer's pay call of the sandbox checkout script, after the server created the order. */
async function razorpayPaid(outcome: 'success' | 'authorize' | 'fail', amount = 50000) {
  const order = await razorpay().orders.create({ amount, currency: 'INR', receipt: `rcpt-${outcome}` });
  const paid = await fetch(`${h.server.url}/sandbox/razorpay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: SANDBOX_CREDENTIALS.razorpayKeyId, order_id: order.id, email: 'buyer@example.com', contact: '9876543210', outcome }),
  });
  return { order, status: paid.status, body: await paid.json() };
}

const outage = (path: string, seconds: number) => fetch(`${h.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds }) });

describe('Razorpay: authorized payments and their capture', () => {
  it('an authorized payment is not captured and leaves the order attempted, until captured for its exact amount and currency', async () => {
    const rzp = razorpay();
    const { order, status, body } = await razorpayPaid('authorize');
    expect(status).toBe(200);
    const paymentId = body.razorpay_payment_id as string;
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'authorized', captured: false, amount: 50000, order_id: order.id });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'attempted', amount_paid: 0, amount_due: 50000, attempts: 1 });
    expect((await rzp.orders.fetchPayments(order.id)).items.map((p) => p.status)).toEqual(['authorized']);

    const refused = await razorpayRefusal(rzp.payments.refund(paymentId, {}));
    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR' } });
    expect(await razorpayRefusal(rzp.payments.capture(paymentId, 49900, 'INR'))).toMatchObject({ statusCode: 400, error: { field: 'amount' } });
    expect(await razorpayRefusal(rzp.payments.capture(paymentId, 50000, 'USD'))).toMatchObject({ statusCode: 400, error: { field: 'currency' } });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'authorized', amount_refunded: 0 });

    expect(await rzp.payments.capture(paymentId, 50000, 'INR')).toMatchObject({ id: paymentId, status: 'captured', captured: true, amount: 50000 });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 50000, amount_due: 0 });
    const again = await razorpayRefusal(rzp.payments.capture(paymentId, 50000, 'INR'));
    expect(again).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', description: 'This payment has already been captured' } });
    expect((await razorpayRefusal(rzp.payments.capture('pay_doesnotexist', 50000, 'INR'))).statusCode).toBe(400);
  });

  it('a declined attempt marks the order attempted, not paid, and can be followed by a successful one', async () => {
    const rzp = razorpay();
    const declined = await razorpayPaid('fail');
    expect(declined.status).toBe(400);
    expect(await rzp.orders.fetch(declined.order.id)).toMatchObject({ status: 'attempted', amount_paid: 0 });
    expect((await rzp.orders.fetchPayments(declined.order.id)).items.map((p) => p.status)).toEqual(['failed']);
  });
});

describe('Razorpay: refunds', () => {
  it('partial refunds keep the payment captured until the last one; each carries its notes and receipt', async () => {
    const rzp = razorpay();
    const paymentId = (await razorpayPaid('success')).body.razorpay_payment_id as string;

    const first = await rzp.payments.refund(paymentId, { amount: 20000, notes: { reason: 'workshop moved' }, receipt: 'refund-1' });
    expect(first).toMatchObject({ entity: 'refund', amount: 20000, currency: 'INR', payment_id: paymentId, status: 'processed', notes: { reason: 'workshop moved' }, receipt: 'refund-1' });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'captured', captured: true, amount_refunded: 20000, refund_status: 'partial' });

    const tooMuch = await razorpayRefusal(rzp.payments.refund(paymentId, { amount: 30001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', description: 'The refund amount provided is greater than amount captured' } });

    const rest = await rzp.payments.refund(paymentId, { receipt: 'refund-2' });
    // Razorpay answers empty notes as [].
    expect(rest).toMatchObject({ amount: 30000, receipt: 'refund-2', notes: [] });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 50000, refund_status: 'full' });
    expect((await razorpayRefusal(rzp.payments.refund(paymentId, { amount: 100 }))).statusCode).toBe(400);

    const listed = await rzp.payments.fetchMultipleRefund(paymentId);
    expect(listed).toMatchObject({ entity: 'collection', count: 2 });
    expect(listed.items.map((r) => [r.id, r.amount, r.receipt, r.notes, r.payment_id, r.status])).toEqual([
      [rest.id, 30000, 'refund-2', [], paymentId, 'processed'],
      [first.id, 20000, 'refund-1', { reason: 'workshop moved' }, paymentId, 'processed'],
    ]);
    expect((await rzp.payments.fetchMultipleRefund(paymentId, { count: 1, skip: 1 })).items.map((r) => r.id)).toEqual([first.id]);
  });
});

describe('PayPal: a capture held for review', () => {
  it('completes the order with a PENDING capture that cannot be refunded until PayPal settles it', async () => {
    const pp = paypal();
    const orderId = await approvedOrder(pp, 'approve-pending');
    const captured = await pp.orders.captureOrder({ id: orderId, prefer: 'return=representation' });
    expect(captured.statusCode).toBe(201);
    expect(captured.result.status).toBe('COMPLETED');
    const capture = captured.result.purchaseUnits?.[0]?.payments?.captures?.[0];
    expect(capture).toMatchObject({ status: 'PENDING', statusDetails: { reason: 'PENDING_REVIEW' }, amount: { currencyCode: 'USD', value: '40.00' } });
    const captureId = capture?.id as string;

    expect(await paypalRefusal(refund(pp, captureId, 'refund-pending'))).toEqual({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'PENDING_CAPTURE' });

    const settle = (outcome: string, id = captureId) => fetch(`${h.server.url}/sandbox/paypal/captures/${id}/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });
    expect((await settle('REFUNDED')).status).toBe(400);
    expect((await settle('COMPLETED', 'CAPNOSUCHCAPTURE')).status).toBe(404);
    const settled = await settle('COMPLETED');
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({ id: captureId, status: 'COMPLETED' });
    expect((await settle('DECLINED')).status).toBe(409);

    const afterSettling = (await pp.payments.getCapturedPayment({ captureId })).result;
    expect(afterSettling.status).toBe('COMPLETED');
    expect(afterSettling.statusDetails).toBeUndefined();
    expect((await pp.orders.getOrder({ id: orderId })).result.purchaseUnits?.[0]?.payments?.captures?.[0]?.status).toBe('COMPLETED');
    expect((await refund(pp, captureId, 'refund-settled')).result).toMatchObject({ status: 'COMPLETED', amount: { value: '40.00' } });
  });

  it('a PENDING capture PayPal declines later is reported DECLINED', async () => {
    const pp = paypal();
    const orderId = await approvedOrder(pp, 'approve-pending');
    const captureId = await capturedId(pp, orderId);
    const settled = await fetch(`${h.server.url}/sandbox/paypal/captures/${captureId}/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'DECLINED' }) });
    expect(settled.status).toBe(200);
    expect((await pp.payments.getCapturedPayment({ captureId })).result.status).toBe('DECLINED');
    expect((await pp.orders.getOrder({ id: orderId })).result.purchaseUnits?.[0]?.payments?.captures?.[0]?.status).toBe('DECLINED');
    expect((await paypalRefusal(refund(pp, captureId, 'refund-declined'))).status).toBe(422);
  });
});

describe('PayPal: partial refunds', () => {
  it('refunds in parts, answers a repeated PayPal-Request-Id with the same refund, and refuses more than remains', async () => {
    const pp = paypal();
    const orderId = await approvedOrder(pp, 'approve');
    const captureId = await capturedId(pp, orderId);
    const status = async () => (await pp.payments.getCapturedPayment({ captureId })).result.status;

    const first = await refund(pp, captureId, 'rf-a', '15.00', 'Part of your money back');
    expect(first.statusCode).toBe(201);
    expect(first.result).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'USD', value: '15.00' }, noteToPayer: 'Part of your money back' });
    expect(await status()).toBe('PARTIALLY_REFUNDED');
    const replay = await refund(pp, captureId, 'rf-a', '15.00');
    expect(replay.result).toMatchObject({ id: first.result.id, amount: { value: '15.00' } });

    expect(await paypalRefusal(refund(pp, captureId, 'rf-b', '25.01'))).toEqual({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'REFUND_AMOUNT_EXCEEDED' });
    expect((await paypalRefusal(pp.payments.refundCapturedPayment({ captureId, paypalRequestId: 'rf-eur', body: { amount: { currencyCode: 'EUR', value: '1.00' } } }))).issue).toBe(
      'REFUND_CAPTURE_CURRENCY_MISMATCH',
    );
    const small = await refund(pp, captureId, 'rf-c', '5.00');
    expect(small.result.amount?.value).toBe('5.00');
    expect(await status()).toBe('PARTIALLY_REFUNDED');

    const rest = await refund(pp, captureId, 'rf-d');
    expect(rest.result).toMatchObject({ status: 'COMPLETED', amount: { value: '20.00' }, sellerPayableBreakdown: { totalRefundedAmount: { value: '40.00' } } });
    expect(await status()).toBe('REFUNDED');
    expect(await paypalRefusal(refund(pp, captureId, 'rf-e'))).toEqual({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'CAPTURE_FULLY_REFUNDED' });
    expect((await refund(pp, captureId, 'rf-a')).result.id).toBe(first.result.id);
    const payments = (await pp.orders.getOrder({ id: orderId })).result.purchaseUnits?.[0]?.payments;
    expect(payments?.captures?.[0]?.status).toBe('REFUNDED');
    expect(payments?.refunds?.map((r) => [r.id, r.amount?.value, r.status])).toEqual([
      [first.result.id, '15.00', 'COMPLETED'],
      [small.result.id, '5.00', 'COMPLETED'],
      [rest.result.id, '20.00', 'COMPLETED'],
    ]);
    expect(await paypalRefusal(refund(pp, 'CAPNOSUCHCAPTURE', 'rf-f'))).toMatchObject({ status: 404 });
  });
});

describe('provider API outage', () => {
  it('while the providers API is down, server calls answer 503 and buyers can still pay', async () => {
    const pp = paypal();
    const rzp = razorpay();
    const refundable = await capturedId(pp, await approvedOrder(pp, 'approve'));
    const { result: waiting } = await pp.orders.createOrder({ body: { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ amount: { currencyCode: 'USD', value: '10.00' } }] } });
    const rzpOrder = await rzp.orders.create({ amount: 20000, currency: 'INR' });
    const rzpCaptured = (await razorpayPaid('success')).body.razorpay_payment_id as string;
    const rzpAuthorized = (await razorpayPaid('authorize')).body.razorpay_payment_id as string;

    expect((await outage('/sandbox/providers/outage', -1)).status).toBe(400);
    expect((await outage('/sandbox/providers/outage', 60)).status).toBe(204);
    try {
      const paypalDown = { status: 503, name: 'SERVICE_UNAVAILABLE' };
      const order = { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ amount: { currencyCode: 'USD', value: '10.00' } }] };
      expect(await paypalRefusal(pp.orders.createOrder({ body: order }))).toMatchObject(paypalDown);
      expect(await paypalRefusal(pp.orders.getOrder({ id: waiting.id as string }))).toMatchObject(paypalDown);
      expect(await paypalRefusal(pp.payments.getCapturedPayment({ captureId: refundable }))).toMatchObject(paypalDown);
      const verify = await fetch(`${pp.apiBase}/v1/notifications/verify-webhook-signature`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await pp.accessToken()}` }, body: '{}' });
      expect(verify.status).toBe(503);
      // The buyer approves meanwhile; the capture waits for PayPal to be back.
      const page = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow?token=${waiting.id}`);
      expect(page.status).toBe(200);
      expect((await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${waiting.id}/approve`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      expect(await paypalRefusal(pp.orders.captureOrder({ id: waiting.id as string }))).toMatchObject(paypalDown);
      expect((await refund(pp, refundable, 'rf-during-outage', '1.00')).result.status).toBe('COMPLETED');

      const razorpayDown = { statusCode: 503, error: { code: 'SERVER_ERROR' } };
      expect(await razorpayRefusal(rzp.orders.create({ amount: 20000, currency: 'INR' }))).toMatchObject(razorpayDown);
      expect(await razorpayRefusal(rzp.orders.fetch(rzpOrder.id))).toMatchObject(razorpayDown);
      expect(await razorpayRefusal(rzp.orders.fetchPayments(rzpOrder.id))).toMatchObject(razorpayDown);
      expect(await razorpayRefusal(rzp.payments.fetch(rzpCaptured))).toMatchObject(razorpayDown);
      expect(await razorpayRefusal(rzp.payments.capture(rzpAuthorized, 50000, 'INR'))).toMatchObject(razorpayDown);
      const paid = await fetch(`${h.server.url}/sandbox/razorpay/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: SANDBOX_CREDENTIALS.razorpayKeyId, order_id: rzpOrder.id, outcome: 'success' }),
      });
      expect(paid.status).toBe(200);
      expect((await rzp.payments.refund(rzpCaptured, { amount: 100 })).status).toBe('processed');
      expect((await rzp.payments.fetchMultipleRefund(rzpCaptured)).count).toBe(1);
    } finally {
      expect((await outage('/sandbox/providers/outage', 0)).status).toBe(204);
    }

    expect((await pp.orders.captureOrder({ id: waiting.id as string })).result.status).toBe('COMPLETED');
    expect(await rzp.orders.fetch(rzpOrder.id)).toMatchObject({ status: 'paid', amount_paid: 20000 });
    expect((await rzp.payments.capture(rzpAuthorized, 50000, 'INR')).status).toBe('captured');
  });

  it('the refunds switch takes down refund calls only', async () => {
    const rzp = razorpay();
    const paymentId = (await razorpayPaid('success')).body.razorpay_payment_id as string;
    expect((await outage('/sandbox/refunds/outage', 60)).status).toBe(204);
    try {
      expect(await razorpayRefusal(rzp.payments.refund(paymentId, {}))).toMatchObject({ statusCode: 503 });
      expect(await razorpayRefusal(rzp.payments.fetchMultipleRefund(paymentId))).toMatchObject({ statusCode: 503 });
      expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 0 });
    } finally {
      expect((await outage('/sandbox/refunds/outage', 0)).status).toBe(204);
    }
  });
});
