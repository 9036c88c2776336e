import { type ProviderWebhook, WebhookRejected } from '../payment-provider';
import type { PaypalClient } from './paypal.client';

interface PaypalEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel: string; href: string }[];
  };
}

const ORDER_EVENTS = new Set(['CHECKOUT.ORDER.APPROVED', 'CHECKOUT.ORDER.COMPLETED']);
const CAPTURE_EVENTS = new Set(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED']);
const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

/** Asks PayPal whether PayPal sent this delivery: neither SDK verifies webhooks. */
async function signatureVerified(client: PaypalClient, webhookId: string, header: (n: string) => string | undefined, event: unknown): Promise<boolean> {
  const h = (name: string) => header(name) ?? '';
  const res = await fetch(`${client.apiBase}/v1/notifications/verify-webhook-signature`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await client.accessToken()}` },
    body: JSON.stringify({
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
      webhook_id: webhookId,
      webhook_event: event,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`PayPal verify-webhook-signature answered ${res.status}`);
  const body = (await res.json()) as { verification_status?: string };
  return body.verification_status === 'SUCCESS';
}

/**
 * Nothing in the body is trusted before PayPal confirms the signature; even then, money is
 * checked by asking PayPal for the order, never by the payload.
 */
export async function parsePaypalWebhook(client: PaypalClient, webhookId: string | undefined, raw: Buffer, header: (n: string) => string | undefined): Promise<ProviderWebhook> {
  if (!webhookId) throw new WebhookRejected('PayPal webhooks are not configured (PAYPAL_WEBHOOK_ID).');
  let event: PaypalEvent;
  try {
    event = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new WebhookRejected('Invalid webhook body');
  }
  if (!header('paypal-transmission-sig') || !(await signatureVerified(client, webhookId, header, event))) throw new WebhookRejected('Invalid webhook signature');
  if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookRejected('Invalid webhook event');
  const type = event.event_type;
  const r = event.resource ?? {};
  const base = { eventId: event.id, type, payload: event };
  if (ORDER_EVENTS.has(type)) return { ...base, kind: 'payment', orderId: r.id };
  if (CAPTURE_EVENTS.has(type)) return { ...base, kind: 'payment', orderId: r.supplementary_data?.related_ids?.order_id, paymentId: r.id };
  if (REFUND_EVENTS.has(type)) return { ...base, kind: 'refund', paymentId: r.links?.find((l) => l.rel === 'up')?.href.split('/').pop() };
  return { ...base, kind: 'other' };
}
