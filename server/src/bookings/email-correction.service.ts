import { EMAIL_CORRECTION_MESSAGES, SEATS_MESSAGES, TRANSFER_MESSAGES, type CorrectEmailInput } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { type EmailSender, queueConfirmationResend } from '../email/email.queue';
import { ConflictError, NotFoundError } from '../http/errors';
import { issueAttendeeLinks } from '../registrations/attendee-links';
import { asSamePerson, emailsWithSeats } from '../registrations/attendees.queries';
import { bookingUrl, newBookingToken } from '../registrations/booking-token';
import { editBooking } from './by-hand.service';
import { openCheckoutOf } from './transfer.service';
import { markWaitlistBooked } from '../waitlist/waitlist.queries';

type Deps = { db: Db; sender: EmailSender };

export const RESEND_NOT_COMPLETED = 'Only a completed booking has a confirmation to resend.';

/**
 * The booking's confirmation again, on a new link (the old one stops working: an admin never
 * sees a buyer's link). While one is still on its way nothing more is queued, and its link is
 * left as it is, so the email already queued does not carry a link that no longer opens
 * (decided under the booking's row lock: two presses at once are one resend). A booking
 * cancelled while this waited for the lock gets none: "You're registered" after "cancelled",
 * with an invite that puts the event back in the buyer's calendar, is refused here.
 */
export async function resendOnNewLink(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<boolean> {
  const reg = await trx('workshop_registrations').where({ id: registrationId }).forNoKeyUpdate().first('status');
  if (!reg) throw new NotFoundError('Registration not found');
  if (reg.status !== 'completed') throw new ConflictError(RESEND_NOT_COMPLETED);
  const waiting = await trx('email_messages').where({ registration_id: registrationId, kind: 'confirmation_resend', status: 'queued' }).first('id');
  if (waiting) return false;
  const link = newBookingToken();
  await trx('workshop_registrations').where({ id: registrationId }).update({ booking_token_hash: link.hash, updated_at: trx.fn.now() });
  return queueConfirmationResend(trx, registrationId, sender, bookingUrl(sender.publicBaseUrl, link.token));
}

/**
 * An access email did not arrive (issue 26, point 2): the admin names it and gives the address to
 * send it to, corrected or the same. The buyer's: a new address is a correction of the booking (as
 * editing it: the confirmation and the calendar event go to it, on a new link); the same one gets
 * the confirmation again on a new link. An attendee's seat: the seat's address is corrected (same
 * person, so no "your seat was passed on" to the address that bounced) and the attendee gets their
 * confirmation on a new link. Each is refused once the booking or seat has another address than
 * the one that bounced (a transfer or rename meanwhile: the admin decided about the old holder).
 * The activity log keeps the booking before and after.
 */
export async function correctEmailAndResend(d: Deps, registrationId: string, input: CorrectEmailInput): Promise<void> {
  const sent: { to_email: string; attendee_id: string | null } | undefined = await d.db('email_messages').where({ id: input.email_message_id, registration_id: registrationId }).first('to_email', 'attendee_id');
  if (!sent) throw new NotFoundError(EMAIL_CORRECTION_MESSAGES.noSuchEmail);
  if (sent.attendee_id) return correctSeatEmail(d, registrationId, sent.attendee_id, sent.to_email, input.email);
  const same = sent.to_email.toLowerCase() === input.email.toLowerCase();
  if (!same) return editBooking(d, registrationId, { email: input.email }, { emailWas: sent.to_email, notActive: EMAIL_CORRECTION_MESSAGES.notActive });
  await d.db.transaction(async (trx) => {
    const reg = await trx('workshop_registrations').where({ id: registrationId }).forNoKeyUpdate().first('status', 'email');
    if (!reg) throw new NotFoundError('Registration not found');
    if (reg.status !== 'completed') throw new ConflictError(EMAIL_CORRECTION_MESSAGES.notActive);
    if (String(reg.email).toLowerCase() !== sent.to_email.toLowerCase()) throw new ConflictError(EMAIL_CORRECTION_MESSAGES.changed);
    await resendOnNewLink(trx, registrationId, d.sender);
  });
}

async function correctSeatEmail(d: Deps, registrationId: string, seatId: string, bouncedTo: string, email: string): Promise<void> {
  await d.db.transaction(async (trx) => {
    // The workshop's lock first, as renames and checkouts take it: one seat per person is decided one at a time.
    const w = await trx('workshops').join('workshop_registrations as r', 'r.workshop_id', 'workshops.id').where('r.id', registrationId).forNoKeyUpdate('workshops').first('workshops.id');
    if (!w) throw new NotFoundError('Registration not found');
    const order = await trx('workshop_registrations').where({ id: registrationId }).forNoKeyUpdate().first('status', 'email', 'workshop_id');
    // Moved to another workshop while this waited for the lock: the seat check below would ask the wrong one.
    if (order.workshop_id !== w.id) throw new ConflictError(EMAIL_CORRECTION_MESSAGES.changed);
    if (order.status !== 'completed') throw new ConflictError(EMAIL_CORRECTION_MESSAGES.notActive);
    const seat: { id: string; email: string | null } | undefined = await trx('attendees').where({ id: seatId, registration_id: registrationId, status: 'active' }).forNoKeyUpdate().first('id', 'email');
    if (!seat) throw new NotFoundError(SEATS_MESSAGES.noSuchSeat);
    const buyers = (e: string | null) => !e || e.toLowerCase() === String(order.email).toLowerCase();
    if (buyers(seat.email) || buyers(email)) throw new ConflictError(EMAIL_CORRECTION_MESSAGES.buyersSeat);
    // Renamed (or passed on) since: the seat is someone else's now.
    if (seat.email!.toLowerCase() !== bouncedTo.toLowerCase()) throw new ConflictError(EMAIL_CORRECTION_MESSAGES.changed);
    if (seat.email!.toLowerCase() !== email.toLowerCase()) {
      const [seated] = await emailsWithSeats(trx, w.id, [email]);
      if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated));
      if (await openCheckoutOf(trx, w.id, email)) throw new ConflictError(TRANSFER_MESSAGES.ownCheckout);
    }
    // A new link, so the confirmation (with the seat's own calendar event) goes out again.
    await asSamePerson(trx, () => trx('attendees').where({ id: seat.id }).update({ email, booking_token_hash: null, updated_at: trx.fn.now() }));
    // Under the corrected address the person has a seat: out of the workshop's line, so no seat is offered to them too.
    await markWaitlistBooked(trx, { id: registrationId, workshop_id: w.id, email });
    await issueAttendeeLinks(trx, registrationId, d.sender);
  });
}
