import axios, { type InternalAxiosRequestConfig } from 'axios';
import { Client, Environment, OrdersController, PaymentsController, type OAuthToken } from '@paypal/paypal-server-sdk';

const REAL_HOSTS = { live: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' } as const;

export interface PaypalClient {
  orders: OrdersController;
  payments: PaymentsController;
  /** Base of the REST API actually called (PayPal's, or the local sandbox's). */
  apiBase: string;
  /** A bearer token for the calls the SDK does not wrap (webhook verification). */
  accessToken: () => Promise<string>;
}

/**
 * The PayPal SDK has no base-URL option, but hands `unstable_httpClientOptions` to
 * axios.create: an adapter that rewrites PayPal's host sends its calls to the sandbox.
 * This is the one place that knows about it.
 */
export function createPaypalClient(opts: { clientId: string; clientSecret: string; mode: 'sandbox' | 'live'; sandboxApiUrl?: string; timeoutMs?: number }): PaypalClient {
  const realBase = REAL_HOSTS[opts.mode];
  const apiBase = opts.sandboxApiUrl ? `${opts.sandboxApiUrl}/sandbox/paypal` : realBase;
  const httpAdapter = axios.getAdapter('http');
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: opts.clientId, oAuthClientSecret: opts.clientSecret },
    environment: opts.mode === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: opts.timeoutMs ?? 20_000,
    unstable_httpClientOptions: opts.sandboxApiUrl
      ? {
          adapter: (config: InternalAxiosRequestConfig) =>
            httpAdapter({ ...config, url: config.url?.startsWith(realBase) ? apiBase + config.url.slice(realBase.length) : config.url }),
        }
      : undefined,
  });
  let token: OAuthToken | undefined;
  return {
    orders: new OrdersController(client),
    payments: new PaymentsController(client),
    apiBase,
    accessToken: async () => {
      token = await client.clientCredentialsAuthManager.updateToken(token);
      return token.accessToken;
    },
  };
}
