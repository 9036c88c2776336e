import { createHmac, timingSafeEqual } from 'node:crypto';
import { cardCheckoutFieldsSchema, cardCheckoutWorkshopSchema, type RazorpayVerifyInput } from '@workshop/shared';
import type { Logger } from 'pino';
import type Razorpay from 'razorpay';
import type { Db } from '../../db/knex';
import type { EmailSender } from '../../email/email.queue';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../http/errors';
import { parse } from '../../http/validate';
import { assertBookable, holdSeat } from '../../registrations/seat-hold.service';
import { toWorkshop } from '../../workshops/workshops.queries';
import { CHECKOUT_MESSAGES } from '../checkout-messages';
import { recordEvent } from '../payment-events.queries';
import { completeVerifiedPayment, findByOrder, isRefundPending, markFailed, REASONS, refundMismatchedPayment, type RegistrationRow } from '../registration-payments.service';

/** Constant-time comparison of two hex HMACs (the SDK's own helper uses ===). */
export function hmacMatches(secret: string, data: string | Buffer, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(data).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface RzpPayment {
  id: string;
  order_id: string;
  amount: number | string;
  currency: string;
  status: string;
}

export type RazorpaySettlement = 'completed' | 'refunded' | 'failed' | 'waiting';

export interface RazorpayServiceDeps {
  db: Db;
  client: Razorpay;
  keyId: string;
  keySecret: string;
  scriptUrl: string;
  holdMinutes: number;
  sender: EmailSender;
  logger: Logger;
}

export class RazorpayService {
  constructor(private readonly d: RazorpayServiceDeps) {}

  /** SPEC §5's order of checks: workshop chosen, registration open, all fields, Indian mobile; then the seat and the order. */
  async startCheckout(body: unknown) {
    const { workshop_id } = parse(cardCheckoutWorkshopSchema, body);
    const row = await this.d.db('workshops').where({ id: workshop_id }).first();
    assertBookable(row ? toWorkshop(row) : undefined);
    const fields = parse(cardCheckoutFieldsSchema, body);
    const hold = await holdSeat(this.d.db, { workshopId: workshop_id, ...fields, paymentMethod: 'razorpay' }, this.d.holdMinutes);
    try {
      const order = await this.d.client.orders.create({
        amount: hold.amount,
        currency: hold.currency,
        receipt: `workshop_${Date.now()}`,
        notes: { registration_id: hold.registrationId, access_id: hold.accessId },
      });
      await this.d.db('workshop_registrations').where({ id: hold.registrationId }).update({ provider_order_id: order.id, updated_at: this.d.db.fn.now() });
      return { key_id: this.d.keyId, order: { id: order.id, amount: Number(order.amount), currency: order.currency }, script_url: this.d.scriptUrl };
    } catch (err) {
      this.d.logger.error({ err, registrationId: hold.registrationId }, 'Razorpay order creation failed');
      await markFailed(this.d.db, hold.registrationId, REASONS.providerError, { revive: false });
      throw new AppError(503, 'payment_failed', CHECKOUT_MESSAGES.cardInitFailed);
    }
  }

  /** The browser's handler result: the signature is checked before anything else is believed. */
  async verify(input: RazorpayVerifyInput): Promise<{ access_id: string }> {
    if (!hmacMatches(this.d.keySecret, `${input.razorpay_order_id}|${input.razorpay_payment_id}`, input.razorpay_signature)) {
      throw new BadRequestError(CHECKOUT_MESSAGES.verificationFailed);
    }
    const reg = await findByOrder(this.d.db, 'razorpay', input.razorpay_order_id);
    if (!reg) throw new NotFoundError(CHECKOUT_MESSAGES.unknownOrder);
    const outcome = await this.settlePayment(reg, input.razorpay_payment_id);
    if (outcome === 'completed') {
      const fresh = await this.d.db('workshop_registrations').where({ id: reg.id }).first('access_id');
      return { access_id: fresh.access_id };
    }
    if (outcome === 'refunded') throw new ConflictError(CHECKOUT_MESSAGES.refundedFull, 'sold_out');
    if (outcome === 'waiting') throw new AppError(409, 'payment_failed', CHECKOUT_MESSAGES.verificationFailed);
    throw new AppError(422, 'payment_failed', CHECKOUT_MESSAGES.amountMismatch);
  }

  /**
   * Asks Razorpay for the payment itself: it must belong to this order, be captured, and be
   * for exactly the registration's amount and currency. Then the seat, or a refund.
   */
  async settlePayment(reg: RegistrationRow, paymentId: string): Promise<RazorpaySettlement> {
    if (reg.status === 'completed' && reg.payment_id === paymentId) return 'completed';
    // The payment already being refunded; another one still goes through the checks below.
    if ((reg.status === 'refunded' || isRefundPending(reg)) && reg.payment_id === paymentId) return 'refunded';
    let payment = (await this.d.client.payments.fetch(paymentId)) as unknown as RzpPayment;
    if (payment.order_id !== reg.provider_order_id) return 'failed';
    if (payment.status === 'authorized') {
      payment = (await this.d.client.payments.capture(paymentId, reg.amount, reg.currency)) as unknown as RzpPayment;
    }
    if (payment.status === 'refunded') {
      // An extra payment we already gave back: the seat paid for by the first one stands.
      return reg.status === 'completed' ? 'completed' : 'refunded';
    }
    if (payment.status !== 'captured') return 'waiting';
    await recordEvent(this.d.db, { provider: 'razorpay', eventId: `payment:${payment.id}`, type: 'payment.verified', payload: payment, registrationId: reg.id });
    if (Number(payment.amount) !== reg.amount || payment.currency !== reg.currency) {
      this.d.logger.warn({ registrationId: reg.id, paid: payment.amount, expected: reg.amount }, 'Razorpay amount mismatch: refunding');
      await refundMismatchedPayment(this.d.db, { registrationId: reg.id, method: 'razorpay', paymentId: payment.id });
      return 'failed';
    }
    const outcome = await completeVerifiedPayment(this.d.db, { registrationId: reg.id, method: 'razorpay', paymentId: payment.id }, this.d.sender);
    return outcome.kind;
  }

  async refund(paymentId: string): Promise<void> {
    try {
      await this.d.client.payments.refund(paymentId, { notes: { reason: 'automatic refund by the workshop server' } });
    } catch (err) {
      // A second call after a first that succeeded: the payment says it is refunded.
      const p = (await this.d.client.payments.fetch(paymentId)) as unknown as RzpPayment;
      if (p.status !== 'refunded') throw err;
    }
  }

  /** Reconciliation: the hold is over; a captured payment for the order still wins the seat. */
  async reconcile(reg: RegistrationRow): Promise<string> {
    if (reg.provider_order_id) {
      const { items } = (await this.d.client.orders.fetchPayments(reg.provider_order_id)) as unknown as { items: RzpPayment[] };
      const paid = items.find((p) => p.status === 'captured' || p.status === 'authorized');
      if (paid) return this.settlePayment(reg, paid.id);
    }
    await markFailed(this.d.db, reg.id, REASONS.holdExpired, { revive: true });
    return 'failed';
  }
}
