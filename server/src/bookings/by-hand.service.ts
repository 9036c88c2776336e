import { type AdminAddBookingInput, type AdminEditBookingInput, BY_HAND_MESSAGES, DEFAULT_SETTINGS, EMAIL_CORRECTION_MESSAGES, SEATS_MESSAGES, TRANSFER_MESSAGES, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/knex';
import type { EmailSender } from '../email/email.data';
import { ConflictError, NotFoundError } from '../http/errors';
import { completeRegistration } from '../payments/registration-outcomes';
import { queueEmailCorrected } from '../email/transfer-emails';
import { newAccessId } from '../registrations/access-id';
import { bookingUrl, newBookingToken } from '../registrations/booking-token';
import { asSamePerson, attendeesOf, buyersSeat, emailsWithSeats, renewJoinLink } from '../registrations/attendees.queries';
import { SEAT_MESSAGES } from '../registrations/seat-messages';
import { markWaitlistBooked } from '../waitlist/waitlist.queries';
import { countTakenSeats, lockWorkshopThenRegistration } from '../workshops/seats.queries';
import { capacity } from '../workshops/workshops.queries';
import { openCheckoutOf } from './transfer.service';

type AddInput = Required<Pick<AdminAddBookingInput, 'workshop_id' | 'name' | 'email' | 'phone' | 'payment' | 'amount_cents' | 'note'>>;

/**
 * A booking an admin adds by hand (issue 23, point 5): one seat, complimentary or paid outside the
 * site. Decided with the workshop row locked and counted as every checkout counts (sold seats,
 * live holds and waitlist offers, the capacity and the registration limit), so a booking by hand
 * never takes a seat a buyer is paying for, nor the other way round. It completes the way a paid
 * one does, in the same transaction: confirmation with booking link and calendar invite, the
 * admins' notice, reminders, the waitlist told. No provider holds its money, so none is ever asked
 * to refund it (payments/cancellation.service.ts records what goes back by hand).
 */
export async function addBookingByHand(d: { db: Db; sender: EmailSender }, input: AddInput): Promise<string> {
  return d.db.transaction(async (trx) => {
    const w = await trx('workshops').where({ id: input.workshop_id }).forNoKeyUpdate().first('id', 'max_participants', 'status', trx.raw('date <= now() AS started'));
    if (!w) throw new NotFoundError('Workshop not found');
    if (w.status === 'cancelled') throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.notOpen);
    if (w.started) throw new ConflictError(SEAT_MESSAGES.started, 'registration_closed');
    const setting = await trx('admin_settings').where({ setting_key: 'registration_limit' }).first('setting_value');
    const cap = capacity(w.max_participants, { ...DEFAULT_SETTINGS.registration_limit, ...(setting?.setting_value ?? {}) });
    if (cap !== null && (await countTakenSeats(trx, w.id)) + 1 > cap) throw new ConflictError(BY_HAND_MESSAGES.noSeats, 'sold_out');
    // One seat per person, as at checkout: someone seated, or with a checkout or an offer of their own, is not booked twice.
    const [seated] = await emailsWithSeats(trx, w.id, [input.email]);
    if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated));
    if (await openCheckoutOf(trx, w.id, input.email)) throw new ConflictError(TRANSFER_MESSAGES.ownCheckout);
    const [reg] = await trx('workshop_registrations')
      .insert({
        name: input.name,
        email: input.email,
        phone: input.phone,
        workshop_id: w.id,
        access_id: newAccessId(),
        amount: input.amount_cents,
        currency: 'USD',
        seats_bought: 1,
        seats: 1,
        payment_method: null,
        by_hand_payment: input.payment,
        by_hand_note: input.note || null,
        // Who paid stays who paid: a transfer hands the seat on, not the money.
        by_hand_payer_name: input.name,
        by_hand_payer_email: input.email,
        status: 'pending',
      })
      .returning(['id']);
    await completeRegistration(d, trx, reg, null, { byHand: true });
    return reg.id as string;
  });
}

/**
 * An admin corrects the buyer's name, email or phone. A new email gets the confirmation (with a
 * new booking link; the old one stops working) and the calendar event, as the booking's own
 * (same UID, a higher SEQUENCE); the seat follows the buyer where it was theirs. One seat per
 * person holds for the new address. Decided with the workshop and the booking locked.
 */
export async function editBooking(d: { db: Db; sender: EmailSender }, registrationId: string, patch: AdminEditBookingInput, opts: { emailWas?: string; notActive?: string } = {}): Promise<void> {
  await d.db.transaction(async (trx) => {
    const locked = await lockWorkshopThenRegistration<{ id: string; workshop_id: string; name: string; email: string; phone: string; status: string }>(trx, registrationId);
    if (!locked) throw new NotFoundError('Registration not found');
    const reg = locked.registration;
    if (reg.workshop_id !== locked.workshop.id) throw new ConflictError('This booking changed a moment ago. Please check it and try again.');
    if (reg.status !== 'completed') throw new ConflictError(opts.notActive ?? BY_HAND_MESSAGES.editNotActive);
    // A correction decided about one address (the one an email bounced from) is not one of whoever holds the booking now.
    if (opts.emailWas !== undefined && String(reg.email).toLowerCase() !== opts.emailWas.toLowerCase()) throw new ConflictError(EMAIL_CORRECTION_MESSAGES.changed);
    const email = patch.email ?? reg.email;
    const emailChanged = email.toLowerCase() !== String(reg.email).toLowerCase();
    if (emailChanged) {
      const [seated] = await emailsWithSeats(trx, reg.workshop_id, [email], reg.id);
      if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated));
      // In this order, the new address may already sit in a seat of its own: then the buyer's seats
      // (named with the old address, or not named) would make that person sit twice.
      const own: { email: string | null }[] = await trx('attendees').where({ registration_id: reg.id, status: 'active' }).select('email');
      const isNew = (e: string | null) => e?.toLowerCase() === email.toLowerCase();
      const buyers = (e: string | null) => e === null || e.toLowerCase() === String(reg.email).toLowerCase();
      if (own.some((a) => isNew(a.email)) && own.some((a) => buyers(a.email))) throw new ConflictError(SEATS_MESSAGES.hasSeat(email));
      if (await openCheckoutOf(trx, reg.workshop_id, email)) throw new ConflictError(TRANSFER_MESSAGES.ownCheckout);
      // A checkout of the old address that money may still complete is told apart from a second
      // booking by this booking's email: changed now, that payment would buy the person a second seat.
      if (await openCheckoutOf(trx, reg.workshop_id, reg.email)) throw new ConflictError(BY_HAND_MESSAGES.editOpenCheckout);
    }
    const name = patch.name ?? reg.name;
    // A correction of who paid outside the site corrects the payer too (a transfer never does).
    const payerWas = trx.raw('lower(by_hand_payer_email) = lower(?)', [reg.email]);
    await trx('workshop_registrations')
      .where({ id: reg.id })
      .update({
        name,
        email,
        phone: patch.phone ?? reg.phone,
        by_hand_payer_email: trx.raw('CASE WHEN ? THEN ? ELSE by_hand_payer_email END', [payerWas, email]),
        by_hand_payer_name: trx.raw('CASE WHEN ? AND by_hand_payer_name = ? THEN ? ELSE by_hand_payer_name END', [payerWas, reg.name, name]),
        updated_at: trx.fn.now(),
      });
    // The seat the buyer sits in (named with their old details by a transfer or at checkout) follows them.
    await asSamePerson(trx, () =>
      trx('attendees')
        .where({ registration_id: reg.id })
        .whereRaw('lower(email) = lower(?)', [reg.email])
        .update({ email, name: trx.raw('CASE WHEN name = ? THEN ? ELSE name END', [reg.name, name]), updated_at: trx.fn.now() }),
    );
    if (!emailChanged) return;
    // The buyer's own seat nobody is named on had its join link sent to the old address: it stops working there.
    const own = buyersSeat(await attendeesOf(trx, reg.id), email);
    if (own && !own.email) await renewJoinLink(trx, own.id);
    // Someone waiting in this workshop's line under the new address has a seat now.
    await markWaitlistBooked(trx, { id: reg.id, workshop_id: reg.workshop_id, email });
    const link = newBookingToken();
    await trx('workshop_registrations').where({ id: reg.id }).update({ booking_token_hash: link.hash });
    await queueEmailCorrected(trx, reg.id, d.sender, bookingUrl(d.sender.publicBaseUrl, link.token), `${reg.id}:${randomBytes(8).toString('hex')}`);
  });
}
