import type { PaymentMethod } from '@workshop/shared';
import { type Config, ConfigError } from '../config';
import { SANDBOX_CREDENTIALS } from '../sandbox/sandbox.credentials';

/** Where each provider's calls go: the real API with credentials from the environment, or the built-in sandbox. */
export interface ProviderSetup {
  paypal?: { clientId: string; clientSecret: string; webhookId?: string; mode: 'sandbox' | 'live'; sandbox: boolean };
  razorpay?: { keyId: string; keySecret: string; webhookSecret?: string; sandbox: boolean };
  sendgrid: { apiKey: string; sandbox: boolean };
  usesSandbox: boolean;
}

const present = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

export function enabledProviders(config: Config): PaymentMethod[] {
  return [...new Set(config.PAYMENT_PROVIDERS.split(',').map((s) => s.trim()).filter(Boolean))] as PaymentMethod[];
}

/**
 * Production needs every credential of every enabled provider; elsewhere a provider
 * without credentials runs against the sandbox. Half a credential pair is always an error.
 */
export function resolveProviders(config: Config): ProviderSetup {
  const enabled = enabledProviders(config);
  const missing: string[] = [];
  const need = (name: keyof Config, why: string) => {
    if (!present(config[name] as string | undefined)) missing.push(`  ${name}: required ${why}`);
  };
  if (config.isProduction) {
    const why = (p: string) => `when NODE_ENV=production and ${p} is enabled (PAYMENT_PROVIDERS)`;
    if (enabled.includes('paypal')) for (const n of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const) need(n, why('PayPal'));
    if (enabled.includes('razorpay')) for (const n of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) need(n, why('Razorpay'));
    need('SENDGRID_API_KEY', 'when NODE_ENV=production (confirmation emails)');
    need('PUBLIC_BASE_URL', 'when NODE_ENV=production (payment return URLs and email links)');
  }
  const pair = (a: keyof Config, b: keyof Config) => {
    const [va, vb] = [present(config[a] as string), present(config[b] as string)];
    if (va !== vb) missing.push(`  ${va ? b : a}: required when ${va ? a : b} is set`);
    return va && vb;
  };
  const paypalReal = pair('PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET');
  const razorpayReal = pair('RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET');
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${[...new Set(missing)].join('\n')}`);

  const sendgridReal = present(config.SENDGRID_API_KEY);
  const setup: ProviderSetup = {
    sendgrid: sendgridReal ? { apiKey: config.SENDGRID_API_KEY as string, sandbox: false } : { apiKey: SANDBOX_CREDENTIALS.sendgridApiKey, sandbox: true },
    usesSandbox: !sendgridReal,
  };
  if (enabled.includes('paypal')) {
    setup.paypal = paypalReal
      ? { clientId: config.PAYPAL_CLIENT_ID as string, clientSecret: config.PAYPAL_CLIENT_SECRET as string, webhookId: config.PAYPAL_WEBHOOK_ID || undefined, mode: config.PAYPAL_MODE, sandbox: false }
      : { clientId: SANDBOX_CREDENTIALS.paypalClientId, clientSecret: SANDBOX_CREDENTIALS.paypalClientSecret, webhookId: SANDBOX_CREDENTIALS.paypalWebhookId, mode: 'sandbox', sandbox: true };
    setup.usesSandbox ||= !paypalReal;
  }
  if (enabled.includes('razorpay')) {
    setup.razorpay = razorpayReal
      ? { keyId: config.RAZORPAY_KEY_ID as string, keySecret: config.RAZORPAY_KEY_SECRET as string, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET || undefined, sandbox: false }
      : { keyId: SANDBOX_CREDENTIALS.razorpayKeyId, keySecret: SANDBOX_CREDENTIALS.razorpayKeySecret, webhookSecret: SANDBOX_CREDENTIALS.razorpayWebhookSecret, sandbox: true };
    setup.usesSandbox ||= !razorpayReal;
  }
  // Belt and braces: the checks above already refuse this combination.
  if (setup.usesSandbox && config.isProduction) throw new ConfigError('Invalid configuration:\n  the provider sandbox never runs with NODE_ENV=production');
  return setup;
}
