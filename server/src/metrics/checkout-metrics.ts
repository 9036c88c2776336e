import { Counter, type Registry } from 'prom-client';
import type { Answered } from './http-metrics';

export type CheckoutStep = 'start' | 'pay';
export type CheckoutOutcome = 'ok' | 'pending' | 'refused' | 'failed' | 'aborted';

export const CHECKOUT_STEPS: readonly CheckoutStep[] = ['start', 'pay'];
export const CHECKOUT_OUTCOMES: readonly CheckoutOutcome[] = ['ok', 'pending', 'refused', 'failed', 'aborted'];

/**
 * The buyer's two requests of a checkout, by the route pattern that answered them (the paths of
 * payments/checkout.routes.ts): `start` holds the seat and asks the provider for an order;
 * `pay` brings the buyer back with the payment (PayPal's return, Razorpay's signed verify).
 */
const CHECKOUT_ROUTES: Record<string, { provider: string; step: CheckoutStep }> = {
  'POST /api/checkout/paypal': { provider: 'paypal', step: 'start' },
  'GET /api/checkout/paypal/return': { provider: 'paypal', step: 'pay' },
  'POST /api/checkout/razorpay': { provider: 'razorpay', step: 'start' },
  'POST /api/checkout/razorpay/verify': { provider: 'razorpay', step: 'pay' },
};

/**
 * What a checkout request came to, for the buyer:
 * - ok: seat held and order made, or payment verified (PayPal: sent to the thank-you page);
 * - pending: the money is still being confirmed (202; PayPal: `payment=processing`);
 * - refused: told no for a reason of theirs or of the stock, never of ours (bad input, sold out,
 *   declined, rate limit, maintenance; PayPal: `payment=failed`);
 * - failed: a 5xx other than maintenance: this server, its database or the provider broke;
 * - aborted: the connection closed before the answer was written (a buyer who gave up waiting).
 */
export function checkoutOutcome(a: Pick<Answered, 'finished' | 'status' | 'errorCode' | 'location'>): CheckoutOutcome {
  if (!a.finished) return 'aborted';
  if (a.status >= 500) return a.errorCode === 'maintenance' ? 'refused' : 'failed';
  if (a.status >= 400) return 'refused';
  if (a.status === 202) return 'pending';
  if (a.status >= 300 && a.location) {
    const payment = new URL(a.location, 'http://site.invalid').searchParams.get('payment');
    if (payment === 'processing') return 'pending';
    if (payment === 'failed' || payment === 'cancelled') return 'refused';
  }
  return 'ok';
}

/**
 * `workshop_checkout_requests_total{provider,step,outcome}`: this instance's checkout requests,
 * counted as they are answered (HTTP-level, so no hook in the payment code). Every enabled
 * provider's series start at 0, so the first failure after a start is a visible increase.
 */
export function checkoutMetrics(registry: Registry, providers: readonly string[]): (a: Answered) => void {
  const requests = new Counter({
    name: 'workshop_checkout_requests_total',
    help: 'Checkout requests answered, by provider, step (start = hold and order, pay = return or verify) and outcome (ok, pending, refused, failed = 5xx, aborted) (this instance).',
    labelNames: ['provider', 'step', 'outcome'] as const,
    registers: [registry],
  });
  for (const provider of providers) for (const step of CHECKOUT_STEPS) for (const outcome of CHECKOUT_OUTCOMES) requests.inc({ provider, step, outcome }, 0);
  return (a) => {
    const route = CHECKOUT_ROUTES[`${a.method} ${a.route}`];
    if (route) requests.inc({ ...route, outcome: checkoutOutcome(a) });
  };
}
