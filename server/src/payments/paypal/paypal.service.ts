import { ApiError, CheckoutPaymentIntent, type Order, PaypalExperienceUserAction, PaypalWalletContextShippingPreference } from '@paypal/paypal-server-sdk';
import type { Logger } from 'pino';
import type { Db } from '../../db/knex';
import type { EmailSender } from '../../email/email.queue';
import { AppError } from '../../http/errors';
import { holdSeat } from '../../registrations/seat-hold.service';
import { centsToValue, CHECKOUT_MESSAGES, toCents } from '../checkout-messages';
import { recordEvent } from '../payment-events.queries';
import { completeVerifiedPayment, findByOrder, isRefundPending, markFailed, REASONS, refundMismatchedPayment, type RegistrationRow } from '../registration-payments.service';
import type { PaypalClient } from './paypal.client';

/** What became of a PayPal order once the server has looked at it. */
export type Settlement =
  | { kind: 'completed'; registration: RegistrationRow }
  | { kind: 'refunded'; registration: RegistrationRow }
  | { kind: 'failed'; registration: RegistrationRow; message: string }
  | { kind: 'waiting'; registration: RegistrationRow; message: string }
  | { kind: 'unknown' };

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

export interface PaypalServiceDeps {
  db: Db;
  client: PaypalClient;
  holdMinutes: number;
  sender: EmailSender;
  logger: Logger;
}

export class PaypalService {
  constructor(private readonly d: PaypalServiceDeps) {}

  /** Holds a seat and creates the order for the price in the database; answers the buyer's approval URL. */
  async startCheckout(input: { workshop_id: string; name: string; email: string; phone: string }, siteOrigin: string): Promise<string> {
    const hold = await holdSeat(this.d.db, { workshopId: input.workshop_id, name: input.name, email: input.email, phone: input.phone, paymentMethod: 'paypal' }, this.d.holdMinutes);
    try {
      const { result } = await this.d.client.orders.createOrder({
        paypalRequestId: `order-${hold.registrationId}`,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: hold.registrationId,
              customId: hold.accessId,
              description: hold.workshop.title.slice(0, 127),
              amount: { currencyCode: hold.currency, value: centsToValue(hold.amount) },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: `${siteOrigin}/api/checkout/paypal/return`,
                cancelUrl: `${siteOrigin}/api/checkout/paypal/cancel`,
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      const link = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!result.id || !link) throw new Error('PayPal order without id or approval link');
      await this.d.db('workshop_registrations').where({ id: hold.registrationId }).update({ provider_order_id: result.id, updated_at: this.d.db.fn.now() });
      // The sandbox answers a path; PayPal an absolute URL. Either resolves against the site.
      return new URL(link.href, siteOrigin).toString();
    } catch (err) {
      this.d.logger.error({ err, registrationId: hold.registrationId }, 'PayPal order creation failed');
      await markFailed(this.d.db, hold.registrationId, REASONS.providerError, { revive: false });
      throw new AppError(503, 'payment_failed', CHECKOUT_MESSAGES.paypalInitFailed);
    }
  }

  /** Buyer came back, or a webhook/reconciliation found the order approved: capture it (idempotently) and settle. */
  async captureAndSettle(orderId: string): Promise<Settlement> {
    const reg = await findByOrder(this.d.db, 'paypal', orderId);
    if (!reg) return { kind: 'unknown' };
    if (reg.status === 'completed') return { kind: 'completed', registration: reg };
    if (reg.status === 'refunded' || isRefundPending(reg)) return { kind: 'refunded', registration: reg };
    let order: Order;
    try {
      order = (await this.d.client.orders.captureOrder({ id: orderId, paypalRequestId: `capture-${reg.id}`, prefer: 'return=representation' })).result;
    } catch (err) {
      const issue = paypalIssue(err);
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        order = (await this.d.client.orders.getOrder({ id: orderId })).result;
      } else if (issue && DECLINE_ISSUES.has(issue)) {
        await markFailed(this.d.db, reg.id, REASONS.declined, { revive: true });
        return { kind: 'failed', registration: reg, message: CHECKOUT_MESSAGES.declined };
      } else if (issue === 'ORDER_NOT_APPROVED') {
        return { kind: 'waiting', registration: reg, message: CHECKOUT_MESSAGES.notApproved };
      } else {
        throw err;
      }
    }
    return this.settleCapturedOrder(reg, order);
  }

  /** The money check: one COMPLETED capture for exactly the registration's amount and currency. */
  async settleCapturedOrder(reg: RegistrationRow, order: Order): Promise<Settlement> {
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (!capture?.id) return { kind: 'waiting', registration: reg, message: CHECKOUT_MESSAGES.notApproved };
    if (capture.status === 'PENDING') return { kind: 'waiting', registration: reg, message: CHECKOUT_MESSAGES.notApproved };
    if (capture.status !== 'COMPLETED') {
      await markFailed(this.d.db, reg.id, REASONS.declined, { revive: true });
      return { kind: 'failed', registration: reg, message: CHECKOUT_MESSAGES.declined };
    }
    await recordEvent(this.d.db, { provider: 'paypal', eventId: `capture:${capture.id}`, type: 'capture.completed', payload: { order_id: order.id, amount: capture.amount }, registrationId: reg.id });
    if (toCents(capture.amount?.value) !== reg.amount || capture.amount?.currencyCode !== reg.currency) {
      this.d.logger.warn({ registrationId: reg.id, captured: capture.amount, expected: reg.amount }, 'PayPal capture amount mismatch: refunding');
      await refundMismatchedPayment(this.d.db, { registrationId: reg.id, method: 'paypal', paymentId: capture.id });
      return { kind: 'failed', registration: reg, message: CHECKOUT_MESSAGES.amountMismatch };
    }
    const outcome = await completeVerifiedPayment(this.d.db, { registrationId: reg.id, method: 'paypal', paymentId: capture.id }, this.d.sender);
    return { kind: outcome.kind, registration: outcome.registration };
  }

  /** Full refund, idempotent per registration through PayPal-Request-Id. */
  async refund(captureId: string, registrationId: string): Promise<void> {
    try {
      const { result } = await this.d.client.payments.refundCapturedPayment({ captureId, paypalRequestId: `refund-${registrationId}-${captureId}`, prefer: 'return=minimal' });
      // PENDING completes on PayPal's side by itself; FAILED or CANCELLED means no money moved.
      if (result.status === 'FAILED' || result.status === 'CANCELLED') throw new Error(`PayPal refund of ${captureId} ${result.status}`);
    } catch (err) {
      if (paypalIssue(err) === 'CAPTURE_FULLY_REFUNDED') return;
      throw err;
    }
  }

  async cancel(orderId: string): Promise<void> {
    const reg = await findByOrder(this.d.db, 'paypal', orderId);
    if (reg) await markFailed(this.d.db, reg.id, REASONS.cancelled, { revive: true });
  }

  /** Reconciliation: the hold is over; ask PayPal whether the buyer paid or approved. */
  async reconcile(reg: RegistrationRow): Promise<string> {
    if (!reg.provider_order_id) {
      await markFailed(this.d.db, reg.id, REASONS.holdExpired, { revive: true });
      return 'failed';
    }
    const order = (await this.d.client.orders.getOrder({ id: reg.provider_order_id })).result;
    if (order.status === 'APPROVED') return (await this.captureAndSettle(reg.provider_order_id)).kind;
    if (order.status === 'COMPLETED') return (await this.settleCapturedOrder(reg, order)).kind;
    await markFailed(this.d.db, reg.id, REASONS.holdExpired, { revive: true });
    return 'failed';
  }
}
