import type { Knex } from 'knex';
import { type EmailSender, queueAttendeeConfirmation } from '../email/email.queue';
import { bookingUrl, newBookingToken } from './booking-token';

/**
 * When an order completes (or a seat is renamed): every named attendee who is not the buyer gets
 * a booking link of their own (only its sha256 is kept) and their own confirmation with it. The
 * buyer's link shows every seat; an attendee's, only theirs. A seat held by the buyer's own email
 * needs no second link.
 */
export async function issueAttendeeLinks(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<number> {
  const order = await trx('workshop_registrations').where({ id: registrationId }).first('email');
  const seats: { id: string; name: string; email: string }[] = await trx('attendees')
    .where({ registration_id: registrationId, status: 'active' })
    .whereNotNull('email')
    .whereNotNull('name')
    .whereNull('booking_token_hash')
    .whereRaw('lower(email) <> lower(?)', [order.email])
    .orderBy('position')
    .select('id', 'name', 'email');
  for (const a of seats) {
    const link = newBookingToken();
    await trx('attendees').where({ id: a.id }).update({ booking_token_hash: link.hash, updated_at: trx.fn.now() });
    await queueAttendeeConfirmation(trx, registrationId, a, sender, bookingUrl(sender.publicBaseUrl, link.token), link.hash.slice(0, 16));
  }
  return seats.length;
}
