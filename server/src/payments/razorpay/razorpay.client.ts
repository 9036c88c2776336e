import Razorpay from 'razorpay';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_SCRIPT_PATH = '/sandbox/razorpay/checkout.js';

/** razorpay 2.9 has no host option; its axios instance's baseURL is the one switch (sandbox only). */
export function createRazorpayClient(opts: { keyId: string; keySecret: string; sandboxApiUrl?: string; timeoutMs?: number }): Razorpay {
  const instance = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  // The SDK's axios instance has no timeout of its own (PROVIDER_TIMEOUT_MS: a refund's claim outlives every call it makes).
  (instance.api as unknown as { rq: { defaults: { timeout: number } } }).rq.defaults.timeout = opts.timeoutMs ?? 20_000;
  if (opts.sandboxApiUrl) {
    (instance.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = `${opts.sandboxApiUrl}/sandbox/razorpay`;
  }
  return instance;
}
