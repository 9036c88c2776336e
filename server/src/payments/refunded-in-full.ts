import type { PaymentMethod } from '@workshop/shared';
import { queueCancellationEmail } from '../email/email.queue';
import { REASONS } from '../registrations/registration-status';
import { tryTransition } from '../registrations/registration-transition';
import type { PaymentsContext } from './payments.context';

/**
 * All of a payment went back at its provider (whoever gave it): the seats it paid for are paid by
 * nothing, so the bookings end: the order it settled and any seat an admin moved out of it into a
 * booking of its own. Each buyer (and each named attendee) hears that their booking ended, with
 * the CANCEL of its calendar event: a refund in the dashboard ends it as surely as one of ours.
 * Answers whether one ended.
 */
export async function endBookingsRefundedInFull(ctx: Pick<PaymentsContext, 'db' | 'sender'>, provider: PaymentMethod, paymentId: string, capturedCents: number): Promise<boolean> {
  // Read again after every pass that ended one: a seat move that held a booking's row while it was
  // being ended has committed by then (the end waited for it), and is seen and ended in the next
  // pass; one that locks it later finds the booking ended and is refused.
  let ended = false;
  while (await endOnce(ctx, provider, paymentId, capturedCents)) ended = true;
  return ended;
}

async function endOnce(ctx: Pick<PaymentsContext, 'db' | 'sender'>, provider: PaymentMethod, paymentId: string, capturedCents: number): Promise<boolean> {
  const order = await ctx.db('workshop_registrations').where({ payment_method: provider, payment_id: paymentId, status: 'completed' }).first('id');
  const moved: { id: string; amount: number }[] = await ctx.db('workshop_registrations').where({ payment_method: provider, paid_with_payment_id: paymentId, status: 'completed' }).select('id', 'amount');
  // Each hears of the money as the payer got it: all of it for the order they paid, a seat's share for a seat moved out of it.
  const bookings = [...(order ? [{ id: order.id as string, amount: capturedCents }] : []), ...moved];
  let ended = false;
  for (const { id, amount } of bookings) {
    const done = await ctx.db.transaction(async (trx) => {
      if (!(await tryTransition(trx, id, ['completed'], 'refunded', { status_reason: REASONS.refundedAtProvider, seats: 0 }))) return false;
      await trx('attendees').where({ registration_id: id, status: 'active' }).update({ status: 'cancelled', cancelled_at: trx.fn.now(), updated_at: trx.fn.now() });
      await queueCancellationEmail(trx, id, ctx.sender, amount);
      return true;
    });
    ended ||= done;
  }
  return ended;
}
