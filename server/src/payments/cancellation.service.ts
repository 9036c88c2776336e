import { ConflictError, NotFoundError } from '../http/errors';
import { queueCancellationEmail } from '../email/email.queue';
import { transition } from '../registrations/registration-transition';
import { lockWorkshopThenRegistration } from '../registrations/seats.queries';
import type { PaymentsContext, RegistrationRow } from './payments.context';
import { queueRefund } from './refunds/refund.queue';

export const CANCEL_MESSAGES = {
  notActive: 'This booking is not active, so it cannot be cancelled.',
  tooMuch: 'The refund cannot be more than what is left of the payment.',
} as const;

/** Why a booking was cancelled: `status_reason` of the row. */
export type CancelledBy = 'cancelled_by_buyer' | 'cancelled_by_admin' | 'refunded_by_admin';

/**
 * Ends a completed booking: the seat is free at once; `refundCents` (the policy's, or an
 * admin's choice) goes back through the refund queue, in the same transaction, keyed by the
 * registration so a repeated request cannot refund twice; the buyer is emailed the amount.
 * Answers the amount refunded.
 */
export async function cancelBooking(ctx: Pick<PaymentsContext, 'db' | 'sender'>, registrationId: string, opts: { refundCents: number; by: CancelledBy }): Promise<{ refundCents: number }> {
  return ctx.db.transaction(async (trx) => {
    const locked = await lockWorkshopThenRegistration<RegistrationRow>(trx, registrationId);
    if (!locked) throw new NotFoundError('Registration not found');
    const reg = locked.registration;
    if (reg.status !== 'completed') throw new ConflictError(CANCEL_MESSAGES.notActive);
    // A booking a promo code made free has no payment: nothing to give back, no provider to ask.
    const paid = reg.payment_id && reg.payment_method ? { provider: reg.payment_method, paymentId: reg.payment_id } : null;
    if (!paid && reg.amount > 0) throw new ConflictError(CANCEL_MESSAGES.notActive);
    const given = paid ? await trx('refunds').where({ provider: paid.provider, payment_id: paid.paymentId }).whereNot({ status: 'failed' }).sum<{ s: string | null }[]>('amount_cents as s').first() : undefined;
    const left = reg.amount - Number(given?.s ?? 0);
    if (opts.refundCents < 0 || opts.refundCents > left) throw new ConflictError(CANCEL_MESSAGES.tooMuch);
    const patch = { status_reason: opts.by, cancelled_at: trx.fn.now() };
    if (opts.refundCents > 0 && paid) {
      await transition(trx, reg.id, ['completed'], 'refund_pending', patch);
      await queueRefund(trx, {
        registrationId: reg.id,
        provider: paid.provider,
        paymentId: paid.paymentId,
        amountCents: opts.refundCents,
        currency: reg.currency,
        reason: 'cancellation',
        idempotencyKey: `cancel:${reg.id}`,
      });
    } else {
      await transition(trx, reg.id, ['completed'], 'cancelled', patch);
    }
    await queueCancellationEmail(trx, reg.id, ctx.sender, opts.refundCents);
    return { refundCents: opts.refundCents };
  });
}
