import { ApiError, CheckoutPaymentIntent, type Order, PaypalExperienceUserAction, PaypalWalletContextShippingPreference } from '@paypal/paypal-server-sdk';
import { centsToValue, toCents } from '../checkout-messages';
import { ALREADY_REFUNDED, OrderNotFound, type PaymentProvider, type ProviderOrder, type ProviderPayment, type ProviderRefund, RefundExceedsRemaining, RefundOutcomeUnknown, ReturnRejected } from '../payment-provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
import type { PaypalClient } from './paypal.client';
import { parsePaypalWebhook } from './paypal.webhook';

const DECLINE_ISSUES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY', 'PAYEE_BLOCKED_TRANSACTION', 'COMPLIANCE_VIOLATION', 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED']);

export function paypalIssue(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  try {
    const body = typeof err.body === 'string' ? JSON.parse(err.body) : err.body;
    return body?.details?.[0]?.issue ?? body?.name;
  } catch {
    return undefined;
  }
}

const CAPTURE_STATUS: Record<string, ProviderPayment['status']> = {
  COMPLETED: 'captured',
  PARTIALLY_REFUNDED: 'captured',
  PENDING: 'processing',
  REFUNDED: 'refunded',
  DECLINED: 'declined',
  FAILED: 'declined',
};

/** PayPal's order in the provider-neutral shape: its captures are the payments. */
export function toProviderOrder(order: Order): ProviderOrder {
  const unit = order.purchaseUnits?.[0];
  const refunds = (unit?.payments?.refunds ?? []).filter((r) => r.status !== 'FAILED' && r.status !== 'CANCELLED');
  const payments = (unit?.payments?.captures ?? [])
    .filter((c) => c.id)
    .map((c): ProviderPayment => {
      const amountCents = toCents(c.amount?.value);
      const status = CAPTURE_STATUS[c.status ?? ''] ?? 'processing';
      // An order has one capture here, so every refund of the order is a refund of it.
      const refundedCents = status === 'refunded' ? amountCents : refunds.reduce((sum, r) => sum + toCents(r.amount?.value), 0);
      return { id: c.id as string, status, amountCents, currency: c.amount?.currencyCode ?? '', refundedCents };
    });
  return { id: order.id as string, approved: order.status === 'APPROVED' && payments.length === 0, payments };
}

/** A declined capture leaves no capture on the order: say so in the neutral shape. */
const declined = (order: ProviderOrder, registrationId: string): ProviderOrder => ({
  ...order,
  approved: false,
  payments: [{ id: `declined-${registrationId}`, status: 'declined', amountCents: 0, currency: '', refundedCents: 0 }],
});

export function paypalProvider(client: PaypalClient, webhookId: string | undefined): PaymentProvider {
  const getOrder = async (orderId: string) => {
    try {
      return (await client.orders.getOrder({ id: orderId })).result;
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) throw new OrderNotFound(orderId);
      throw err;
    }
  };
  const readOrder = async (orderId: string) => toProviderOrder(await getOrder(orderId));
  return {
    method: 'paypal',

    async createOrder(req) {
      const { result } = await client.orders.createOrder({
        paypalRequestId: `order-${req.registrationId}`,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: req.registrationId,
              customId: req.accessId,
              description: req.description.slice(0, 127),
              amount: { currencyCode: req.currency, value: centsToValue(req.amountCents) },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: req.returnUrl,
                cancelUrl: req.cancelUrl,
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      const link = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!result.id || !link) throw new Error('PayPal order without id or approval link');
      // The sandbox answers a path; PayPal an absolute URL. Either resolves against the return URL's origin.
      return { orderId: result.id, kind: 'redirect', approvalUrl: new URL(link.href, req.returnUrl).toString() };
    },

    readOrder,

    async orderReference(orderId) {
      const ref = (await getOrder(orderId).catch((err) => (err instanceof OrderNotFound ? undefined : Promise.reject(err))))?.purchaseUnits?.[0]?.referenceId;
      return ref && UUID.test(ref) ? ref : undefined;
    },

    async capture(order, registrationId) {
      try {
        const { result } = await client.orders.captureOrder({ id: order.id, paypalRequestId: `capture-${registrationId}`, prefer: 'return=representation' });
        return toProviderOrder(result);
      } catch (err) {
        const issue = paypalIssue(err);
        if (issue === 'ORDER_ALREADY_CAPTURED' || issue === 'ORDER_NOT_APPROVED') return readOrder(order.id);
        if (issue && DECLINE_ISSUES.has(issue)) return declined(order, registrationId);
        throw err;
      }
    },

    // The same PayPal-Request-Id answers the refund already made: asking again never refunds twice.
    refundsIdempotent: true,

    async refund(req) {
      try {
        const { result } = await client.payments.refundCapturedPayment({
          captureId: req.paymentId,
          // PayPal answers a reused request id with that request's result, a refusal too: a call for
          // another amount (hand money took part of the capture meanwhile) has an id of its own (refundRequest).
          paypalRequestId: req.requestId ?? req.idempotencyKey,
          prefer: 'return=representation',
          // custom_id names the refund as ours at PayPal, whatever becomes of this call's answer.
          body: { amount: { currencyCode: req.currency, value: centsToValue(req.amountCents) }, noteToPayer: req.note.slice(0, 255), customId: req.idempotencyKey },
        });
        // PENDING completes on PayPal's side by itself; FAILED or CANCELLED means no money moved.
        if (result.status === 'FAILED' || result.status === 'CANCELLED') throw new Error(`PayPal refund of ${req.paymentId} ${result.status}`);
        return { refundId: result.id ?? req.idempotencyKey };
      } catch (err) {
        // Refunded in full already (by an earlier attempt whose answer was lost, or by hand): the money is back.
        if (paypalIssue(err) === 'CAPTURE_FULLY_REFUNDED') return { refundId: ALREADY_REFUNDED };
        if (paypalIssue(err) === 'REFUND_AMOUNT_EXCEEDED') throw new RefundExceedsRemaining(`PayPal refused the refund of ${req.paymentId}: ${centsToValue(req.amountCents)} is more than is left of the capture`);
        // No answer (or a server error after the request was read): it may have been made. Asking again with the same
        // request id is safe, but until then nothing else may take this payment's refunds at the provider for made by hand.
        const answered = err instanceof ApiError && (err.statusCode < 500 || err.statusCode === 503);
        if (!answered) throw new RefundOutcomeUnknown(`PayPal did not answer the refund of ${req.paymentId} (${err instanceof Error ? err.message : String(err)}): it may have been made`);
        throw err;
      }
    },

    async listRefunds({ orderId, paymentId }) {
      const unit = (await getOrder(orderId)).purchaseUnits?.[0];
      // An order has one capture here, so every refund of the order is a refund of it.
      if (!unit?.payments?.captures?.some((c) => c.id === paymentId)) return [];
      const made = (unit.payments.refunds ?? []).filter((r) => r.id && r.status !== 'FAILED' && r.status !== 'CANCELLED');
      const out: ProviderRefund[] = [];
      for (const r of made) {
        // The order's summary of a refund may leave custom_id out: the refund itself says it.
        const customId = r.customId ?? (await client.payments.getRefund({ refundId: r.id as string })).result.customId;
        out.push({ id: r.id as string, amountCents: toCents(r.amount?.value), key: customId ?? null });
      }
      return out;
    },

    checkReturn(input) {
      const token = (input as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(token)) throw new ReturnRejected('no PayPal order in the return URL');
      return { orderId: token };
    },

    parseWebhook: (raw, header) => parsePaypalWebhook(client, webhookId, raw, header),
  };
}
