import { createHmac, createPrivateKey, sign } from 'node:crypto';

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
  /** The Event Webhook verification key SendGrid shows under Mail Settings (base64 DER, P-256). */
  sendgridEventPublicKey:
    'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEKKouprxfKyaGr5h9wbz/KMCA2g2tJ5BRxBFpMBB7H/rj03t4etExwgl2tgSD8/EAtT1wzAeomvv0n3sCPlFQwg==',
  /** Signs the sandbox's SendGrid events; SendGrid keeps its own private. */
  sendgridEventSigningKey:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRDIy0Fjy9It5710iEV/37kHFMR9QbDslM24g6VcFRVihRANCAAQoqi6mvF8rJoavmH3BvP8owIDaDa0nkFHEEWkwEHsf+uPTe3h60THCCXa2BIPz8QC1PXDMB6ia+/SfewI+UVDC',
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

/**
 * SendGrid's Event Webhook headers for a body: an ECDSA P-256 signature (SHA-256, DER, base64) of
 * the timestamp followed by the exact bytes, as SendGrid signs them.
 */
export function signSendgridEvents(rawBody: string, timestamp = String(Math.floor(Date.now() / 1000)), keyDer: string = SANDBOX_CREDENTIALS.sendgridEventSigningKey): Record<string, string> {
  const key = createPrivateKey({ key: Buffer.from(keyDer, 'base64'), format: 'der', type: 'pkcs8' });
  return {
    'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + rawBody), key).toString('base64'),
    'x-twilio-email-event-webhook-timestamp': timestamp,
  };
}
