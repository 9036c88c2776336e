import { createHmac } from 'node:crypto';

/**
 * The credentials the server uses against the built-in provider sandbox. They are not
 * secrets: the sandbox only runs outside production, when real credentials are absent.
 */
export const SANDBOX_CREDENTIALS = {
  paypalClientId: 'sandbox-paypal-client',
  paypalClientSecret: 'sandbox-paypal-secret',
  paypalWebhookId: 'WH-SANDBOX-0001',
  razorpayKeyId: 'rzp_test_sandbox',
  razorpayKeySecret: 'sandbox_razorpay_key_secret',
  razorpayWebhookSecret: 'sandbox_razorpay_webhook_secret',
  sendgridApiKey: 'SG.sandbox-key',
  /** Signs the sandbox's PayPal webhooks; PayPal keeps its own signing key private too. */
  paypalSigningKey: 'sandbox-paypal-webhook-signing-key',
} as const;

export function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Razorpay's payment signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export interface PaypalWebhookHeaders {
  'paypal-auth-algo': string;
  'paypal-cert-url': string;
  'paypal-transmission-id': string;
  'paypal-transmission-sig': string;
  'paypal-transmission-time': string;
}

/** What the sandbox's verify-webhook-signature checks (PayPal signs the same fields, with a certificate). */
function paypalSigningInput(transmissionId: string, time: string, webhookId: string, rawBody: string): string {
  return `${transmissionId}|${time}|${webhookId}|${hmacHex('body', rawBody)}`;
}

/** Headers a PayPal webhook delivery carries, signed the way the sandbox verifies them. */
export function signPaypalWebhook(rawBody: string, transmissionId: string, webhookId: string = SANDBOX_CREDENTIALS.paypalWebhookId): PaypalWebhookHeaders {
  const time = new Date().toISOString();
  return {
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-SANDBOX',
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': hmacHex(SANDBOX_CREDENTIALS.paypalSigningKey, paypalSigningInput(transmissionId, time, webhookId, rawBody)),
  };
}

export function verifyPaypalWebhookSignature(input: {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  webhookId: string;
  rawBody: string;
}): boolean {
  const expected = hmacHex(SANDBOX_CREDENTIALS.paypalSigningKey, paypalSigningInput(input.transmissionId, input.transmissionTime, input.webhookId, input.rawBody));
  return expected === input.transmissionSig;
}
