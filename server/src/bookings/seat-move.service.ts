import { SEATS_MESSAGES, TRANSFER_MESSAGES } from '@workshop/shared';
import type { Db } from '../db/knex';
import { queueSeatMovedAway } from '../email/email.invites';
import { queueInvite } from '../email/email.outbox';
import { registrationEmailData } from '../email/email.data';
import type { EmailSender } from '../email/email.queue';
import { ConflictError, NotFoundError } from '../http/errors';
import { lockPayment, recordPayment } from '../payments/ledger/payment-ledger';
import { newAccessId } from '../registrations/access-id';
import { emailsWithSeats } from '../registrations/attendees.queries';
import { bookingUrl, newBookingToken } from '../registrations/booking-token';
import { scheduleReminders } from '../reminders/reminders';
import { markWaitlistBooked } from '../waitlist/waitlist.queries';
import { lockForMove, MOVE_MESSAGES } from './move.service';
import { openCheckoutOf } from './transfer.service';

export const SEAT_MOVE_MESSAGES = {
  onlySeat: "This is the booking's only seat: move the whole booking instead.",
  refunded: "This booking's payment was given back in full: it has no seat to move.",
  /** Its refunds (a goodwill refund, say) are more than its other seats paid: what the moved seat paid would be given twice. */
  partlyRefunded: 'More of this booking was refunded than its other seats paid, so a seat cannot be moved out of it.',
} as const;

interface Order {
  id: string;
  workshop_id: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  amount: number;
  unit_amount: number;
  currency: string;
  seats: number;
  seats_bought: number;
  discount_cents: number;
  payment_method: 'paypal' | 'razorpay' | null;
  payment_id: string | null;
  paid_with_payment_id: string | null;
  provider_order_id: string | null;
  promo_code_id: string | null;
  promo_code: string | null;
}

/**
 * Moves one seat of a team booking to another workshop, if that one has a seat: the seat leaves
 * its order (which keeps the others, and pays for one seat fewer) and becomes an order of one
 * seat there, paid by the same payment (`paid_with_payment_id`). Money never moves: every
 * decision about either order is taken on that payment's one ledger row, written before the
 * split, so both together never give back more than the payment kept. The attendee's event for
 * the old date is cancelled and their new order sends its own confirmation, link and reminders.
 * Answers the new order's id.
 */
export async function moveSeat(db: Db, sender: EmailSender, registrationId: string, seatId: string, targetId: string): Promise<string> {
  return db.transaction(async (trx) => {
    const { reg, fits } = await lockForMove(trx, registrationId, targetId);
    const order = reg as Order;
    const active: { id: string; name: string | null; email: string | null; calendar_sequence: number }[] = await trx('attendees')
      .where({ registration_id: registrationId, status: 'active' })
      .orderBy('position')
      .select('id', 'name', 'email', 'calendar_sequence');
    const seat = active.find((a) => a.id === seatId);
    if (!seat) throw new NotFoundError(SEATS_MESSAGES.noSuchSeat);
    if (active.length < 2) throw new ConflictError(SEAT_MOVE_MESSAGES.onlySeat);
    if (!(await fits(1))) throw new ConflictError(MOVE_MESSAGES.full);
    // A seat nobody was named for is the buyer's own.
    const person = seat.email ? { name: seat.name ?? order.name, email: seat.email } : { name: order.name, email: order.email };
    const [seated] = await emailsWithSeats(trx, targetId, [person.email]);
    if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated));
    // A checkout of theirs there that money may still complete would give them a second seat.
    if (await openCheckoutOf(trx, targetId, person.email)) throw new ConflictError(TRANSFER_MESSAGES.ownCheckout);

    const paymentId = order.payment_id ?? order.paid_with_payment_id;
    if (order.payment_method && paymentId) {
      // The ledger row holds the whole payment before it pays for two orders (one that predates the ledger gets it now).
      const known = await lockPayment(trx, order.payment_method, paymentId);
      // All of it went back and is recorded (a full refund by hand at the provider): no seat to move. Hand money not
      // recorded yet (a call of ours in flight) is caught by the refund's webhook, which reads the moved seats again
      // after ending the booking (payments/refunded-in-full.ts).
      if (known && known.kept_cents <= 0) throw new ConflictError(SEAT_MOVE_MESSAGES.refunded);
      if (!known) await recordPayment(trx, { provider: order.payment_method, paymentId, orderId: order.provider_order_id, registrationId: order.id, amountCents: order.amount, currency: order.currency }, 'seat');
    }
    const refunded = await trx('refunds').where({ registration_id: order.id }).sum<{ s: string | null }[]>('amount_cents as s').first();
    if (Number(refunded?.s ?? 0) > order.amount - order.unit_amount) throw new ConflictError(SEAT_MOVE_MESSAGES.partlyRefunded);
    await queueSeatMovedAway(trx, registrationId, seat, sender);

    const unitDiscount = Math.floor(order.discount_cents / order.seats_bought);
    await trx('workshop_registrations')
      .where({ id: order.id })
      .update({ amount: order.amount - order.unit_amount, seats_bought: order.seats_bought - 1, seats: order.seats - 1, discount_cents: order.discount_cents - unitDiscount, updated_at: trx.fn.now() });
    const link = newBookingToken();
    const [moved] = await trx('workshop_registrations')
      .insert({
        name: person.name,
        email: person.email,
        phone: person.email.toLowerCase() === order.email.toLowerCase() ? order.phone : '',
        workshop_id: targetId,
        access_id: newAccessId(),
        amount: order.unit_amount,
        seats_bought: 1,
        seats: 1,
        currency: order.currency,
        payment_method: order.payment_method,
        paid_with_payment_id: order.payment_method ? paymentId : null,
        split_from_registration_id: order.id,
        promo_code_id: order.promo_code_id,
        promo_code: order.promo_code,
        discount_cents: unitDiscount,
        status: 'completed',
        completed_at: trx.fn.now(),
        booking_token_hash: link.hash,
      })
      .returning(['id', 'workshop_id', 'email']);
    // The new order's seat is the one that moved (its id and calendar history), not a fresh one.
    await trx('attendees').where({ registration_id: moved.id }).delete();
    await trx('attendees').where({ id: seat.id }).update({ registration_id: moved.id, position: 1, workshop_id: targetId, booking_token_hash: null, updated_at: trx.fn.now() });

    await markWaitlistBooked(trx, moved);
    const data = await registrationEmailData(trx, moved.id, sender);
    await queueInvite(trx, 'confirmation', data.email, { ...data, bookingUrl: bookingUrl(sender.publicBaseUrl, link.token) }, { registrationId: moved.id }, 'REQUEST');
    await scheduleReminders(trx, moved.id);
    return moved.id as string;
  });
}
