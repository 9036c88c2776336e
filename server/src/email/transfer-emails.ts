import type { Knex } from 'knex';
import { type EmailSender, registrationEmailData } from './email.data';
import { queueEmail, queueInvite } from './email.outbox';

/**
 * A booking handed to someone else: whoever held it hears so and their calendar drops the event
 * (the order's UID, CANCEL); the new holder gets a confirmation with their own booking link and the
 * event (same UID, a higher SEQUENCE). `key` names the transfer, so each is sent once.
 */
export async function queueBookingTransferred(trx: Knex.Transaction, registrationId: string, sender: EmailSender, from: { name: string; email: string }, bookingUrl: string, key: string): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  const gone = { ...data, name: from.name, email: from.email, details: { 'Transferred to': data.name } };
  await queueInvite(trx, 'booking_transferred', from.email, gone, { registrationId }, 'CANCEL', { dedupeKey: `booking_transferred:${key}` });
  await queueInvite(trx, 'confirmation_resend', data.email, { ...data, bookingUrl }, { registrationId }, 'REQUEST', { dedupeKey: `transfer_confirmation:${key}` });
}

/** The buyer of a team hears that an attendee passed their seat on (no calendar change of theirs). */
export async function queueSeatPassedOn(trx: Knex.Transaction, registrationId: string, sender: EmailSender, seat: { from: string; to: string }, key: string): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'booking_transferred', data.email, { ...data, details: { 'Transferred to': seat.to, 'Seat of': seat.from } }, { dedupeKey: `seat_passed_on:${key}` });
}

/** An admin corrected the buyer's email: the new address gets the confirmation, a new link and the event (same UID, a higher SEQUENCE). Once per correction (`key`). */
export async function queueEmailCorrected(trx: Knex.Transaction, registrationId: string, sender: EmailSender, bookingUrl: string, key: string): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueInvite(trx, 'confirmation_resend', data.email, { ...data, bookingUrl }, { registrationId }, 'REQUEST', { dedupeKey: `email_corrected:${key}` });
}
