import type { PaymentMethod } from '@workshop/shared';

/** One payment at the provider, in the same words for every provider. */
export interface ProviderPayment {
  /** PayPal's capture id, Razorpay's payment id: what a refund names. */
  id: string;
  /**
   * authorized: the buyer's bank holds the money, nothing is taken until we capture (Razorpay);
   * processing: taken, but the provider has not completed it (PayPal capture PENDING);
   * captured: the money is ours; declined: nothing moved; refunded: it all went back.
   */
  status: 'authorized' | 'processing' | 'captured' | 'declined' | 'refunded';
  amountCents: number;
  currency: string;
  refundedCents: number;
}

/**
 * One refund the provider made of a payment. `key`: the idempotency key a refund of ours carried
 * (a refund row's id); null for one made by hand at the provider's dashboard. Refunds are told
 * apart by this, never by totals: a refund of ours whose answer was lost, or whose runner died,
 * is still ours.
 */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  key: string | null;
}

/** An order as the provider sees it now. */
export interface ProviderOrder {
  id: string;
  /** The buyer approved and nothing is captured yet: `capture` takes the money (PayPal). */
  approved: boolean;
  payments: ProviderPayment[];
}

export interface OrderRequest {
  registrationId: string;
  accessId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Where the buyer's browser comes back to (redirect checkouts). */
  returnUrl: string;
  cancelUrl: string;
}

/** What the buyer's browser needs to pay: a page to go to, or a script's options. */
export type CreatedOrder =
  | { orderId: string; kind: 'redirect'; approvalUrl: string }
  | { orderId: string; kind: 'script'; keyId: string; scriptUrl: string; amountCents: number; currency: string };

/** What the buyer's browser brought back, once checked: the order, and the payment it names if any. */
export interface ClientReturn {
  orderId: string;
  paymentId?: string;
}

/** A webhook delivery whose signature the provider's own check accepted. */
export interface ProviderWebhook {
  /** The provider's id for this event: replays share it. */
  eventId: string;
  type: string;
  /** payment: something about money for an order; refund: a refund made (perhaps outside this server). */
  kind: 'payment' | 'refund' | 'other';
  orderId?: string;
  paymentId?: string;
  payload: unknown;
}

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The refund's identity (the refund row's id), on every retry: the provider makes the refund once. */
  idempotencyKey: string;
  /**
   * This exact request's key, for a provider that answers a reused key with that request's
   * earlier result (PayPal-Request-Id): the same refund asking the same amount sends the same
   * one. Defaults to `idempotencyKey`.
   */
  requestId?: string;
  note: string;
}

/**
 * The refund call's answer was lost (a timeout, a dropped connection, a server error after the
 * request was read): the provider may still make the refund. Only a provider whose refunds are
 * idempotent by key may simply be asked again; for the others the refund is looked for until it
 * can no longer land (refund.task.ts).
 */
export class RefundOutcomeUnknown extends Error {}

/** What a refund of ours records when the provider said the payment was refunded in full already: no refund of ours was made. */
export const ALREADY_REFUNDED = 'already-refunded';

/**
 * The provider refused the refund because it no longer fits in what is left of the payment
 * (something else, such as a refund made by hand, took that room). Room only shrinks, so a call
 * for this amount can never land later either.
 */
export class RefundExceedsRemaining extends Error {}

/** The provider says this order does not exist (not one of ours, or another account's). */
export class OrderNotFound extends Error {}

/** Thrown for a bad signature or body: the caller answers 400 and records nothing. */
export class WebhookRejected extends Error {}
/** Thrown when the buyer's returned data does not check out (bad signature). */
export class ReturnRejected extends Error {}

/**
 * Everything the server asks of a payment provider. Routes, webhooks, the reconciler and
 * refunds call only this; each provider module is the only place that knows its API.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  createOrder(req: OrderRequest): Promise<CreatedOrder>;
  /** Throws OrderNotFound when the provider does not know the order. */
  readOrder(orderId: string): Promise<ProviderOrder>;
  /**
   * The registration id this server put on the order when it made it, or undefined for an
   * order it did not make (the same provider account may serve other sites).
   */
  orderReference(orderId: string): Promise<string | undefined>;
  /**
   * Takes the money: an approved order (PayPal) or an authorized payment (Razorpay). Safe to
   * call again. Answers the order afterwards; a declined capture shows as a declined payment.
   */
  capture(order: ProviderOrder, registrationId: string): Promise<ProviderOrder>;
  /**
   * Full or partial; resolves once the provider accepted it. Throws RefundOutcomeUnknown when
   * the answer was lost and the refund may have been made.
   */
  refund(req: RefundRequest): Promise<{ refundId: string }>;
  /**
   * True when asking again with the same key can never make a second refund (PayPal's
   * PayPal-Request-Id). False: a call whose answer was lost may still land, so the refund is
   * only looked for (`findRefund`) until it can no longer land.
   */
  readonly refundsIdempotent: boolean;
  /** The refund made with this key, if the provider has it (providers whose refunds are not idempotent). */
  findRefund?(paymentId: string, idempotencyKey: string): Promise<{ refundId: string; amountCents?: number } | undefined>;
  /**
   * The ids of the payment's refunds the provider accepted and then reports failed (Razorpay: the
   * bank sent the money back to the merchant). Providers that never fail an accepted refund leave it out.
   */
  failedRefunds?(paymentId: string): Promise<string[]>;
  /** Every refund the provider made (or is making) of the payment; failed ones are left out. */
  listRefunds(payment: { orderId: string; paymentId: string }): Promise<ProviderRefund[]>;
  /** Checks what the buyer's browser brought back (PayPal's return query, Razorpay's signed handler result). */
  checkReturn(input: unknown): ClientReturn;
  /** Verifies and parses a webhook; throws WebhookRejected when it is not the provider's. */
  parseWebhook(raw: Buffer, header: (name: string) => string | undefined): Promise<ProviderWebhook>;
}

export type Providers = Partial<Record<PaymentMethod, PaymentProvider>>;

/** The ids of the payment's refunds the provider reports failed after accepting them (none for a provider that never does). */
export const failedRefundsAt = (provider: PaymentProvider, paymentId: string): Promise<string[]> => (provider.failedRefunds ? provider.failedRefunds(paymentId) : Promise.resolve([]));

export const refundedInFull = (p: ProviderPayment) => p.status === 'refunded' || p.refundedCents >= p.amountCents;
