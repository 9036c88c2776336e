import type { Logger } from 'pino';
import type { Providers } from './payment-provider';
import { createPaypalClient } from './paypal/paypal.client';
import { paypalProvider } from './paypal/paypal.provider';
import type { ProviderSetup } from './providers.config';
import { createRazorpayClient, RAZORPAY_SCRIPT_URL, SANDBOX_SCRIPT_PATH } from './razorpay/razorpay.client';
import { razorpayProvider } from './razorpay/razorpay.provider';

/** The enabled providers, each pointed at the real API or at the sandbox's API listener when its credentials are the sandbox's. */
export function buildProviders(setup: ProviderSetup, sandboxApiUrl: string | undefined, logger: Logger, timeoutMs: number): Providers {
  const sandboxUrl = (useSandbox: boolean) => (useSandbox ? sandboxApiUrl : undefined);
  const providers: Providers = {};
  if (setup.paypal) {
    const p = setup.paypal;
    if (!p.webhookId) logger.warn('PAYPAL_WEBHOOK_ID is not set: PayPal webhooks will be refused');
    providers.paypal = paypalProvider(createPaypalClient({ clientId: p.clientId, clientSecret: p.clientSecret, mode: p.mode, sandboxApiUrl: sandboxUrl(p.sandbox), timeoutMs }), p.webhookId);
  }
  if (setup.razorpay) {
    const r = setup.razorpay;
    if (!r.webhookSecret) logger.warn('RAZORPAY_WEBHOOK_SECRET is not set: Razorpay webhooks will be refused');
    const client = createRazorpayClient({ keyId: r.keyId, keySecret: r.keySecret, sandboxApiUrl: sandboxUrl(r.sandbox), timeoutMs });
    providers.razorpay = razorpayProvider(client, { keyId: r.keyId, keySecret: r.keySecret, webhookSecret: r.webhookSecret, scriptUrl: r.sandbox ? SANDBOX_SCRIPT_PATH : RAZORPAY_SCRIPT_URL });
  }
  return providers;
}
