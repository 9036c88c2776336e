import type { Knex } from 'knex';
import { type EmailData, type EmailSender, registrationEmailData } from './email.data';
import { queueInvite } from './email.outbox';

/**
 * Invites for the attendees of an order who have a calendar event of their own (a seat named for
 * someone other than the buyer, who was sent its invite). The buyer's event is the order's; an
 * attendee's, their seat's: each hears of every change to it, and of its end.
 */

interface SeatEvent {
  id: string;
  name: string | null;
  email: string;
  calendar_sequence: number;
}

/** Seats of the order whose attendee was sent an invite of their own (never the buyer's address). */
function seatsWithOwnEvent(trx: Knex.Transaction, registrationId: string, buyerEmail: string, status: 'active' | 'cancelled', ids?: string[]): Promise<SeatEvent[]> {
  return trx('attendees')
    .where({ registration_id: registrationId, status })
    .where('calendar_sequence', '>', 0)
    .whereNotNull('email')
    .whereRaw('lower(email) <> lower(?)', [buyerEmail])
    .modify((q) => {
      if (ids) q.whereIn('id', ids);
    })
    .orderBy('position')
    .select('id', 'name', 'email', 'calendar_sequence');
}

/** The order's email data, addressed to one attendee of it. */
export const seatData = (order: EmailData, seat: { name: string | null; email: string }): EmailData => ({
  ...order,
  name: seat.name ?? order.name,
  email: seat.email,
  buyerName: order.name,
  seatList: undefined,
});

/**
 * The workshop's date or place changed, or the booking moved to another workshop: the buyer and
 * each attendee with an event of their own get an updated invite (their UID, next SEQUENCE).
 */
export async function queueWorkshopUpdated(trx: Knex.Transaction, registrationId: string, sender: EmailSender, dedupeKey: string, choice?: RescheduleChoice): Promise<void> {
  const order = await registrationEmailData(trx, registrationId, sender);
  const offer = (url: string | undefined) => (choice && url ? { bookingUrl: url, details: { ...order.details, 'Choice until': choice.until.toISOString() } } : {});
  await queueInvite(trx, 'workshop_updated', order.email, { ...order, ...offer(choice?.order) }, { registrationId }, 'REQUEST', { dedupeKey });
  for (const seat of await seatsWithOwnEvent(trx, registrationId, order.email, 'active')) {
    await queueInvite(trx, 'workshop_updated', seat.email, { ...seatData(order, seat), ...offer(choice?.seats[seat.id]) }, { registrationId, attendeeId: seat.id }, 'REQUEST', { dedupeKey: `${dedupeKey}:seat:${seat.id}` });
  }
}

/** A new date's choice (keep the seat, or cancel for everything back) until `until`, on fresh links: the order's, and each linked seat's by id. */
export interface RescheduleChoice {
  until: Date;
  order: string;
  seats: Record<string, string>;
}

/**
 * Seats just cancelled (`ids`), or every cancelled seat of an order that ended: each attendee
 * with an event of their own gets its CANCEL, once per seat (one cancelled before is not sent again).
 */
export async function queueSeatCancellations(trx: Knex.Transaction, order: EmailData, ids?: string[]): Promise<void> {
  for (const seat of await seatsWithOwnEvent(trx, order.registrationId, order.email, 'cancelled', ids)) {
    const data = { ...seatData(order, seat), details: { Reason: 'cancelled' } };
    await queueInvite(trx, 'attendee_cancelled', seat.email, data, { registrationId: order.registrationId, attendeeId: seat.id }, 'CANCEL', { dedupeKey: `attendee_cancelled:${seat.id}` });
  }
}

/**
 * A seat renamed to another address (a transfer): whoever it was given away from is sent its
 * CANCEL before the new attendee's invite (same UID, higher SEQUENCE). Renaming the same person
 * needs none; their new confirmation simply updates the event.
 */
export async function queueSeatTransferred(
  trx: Knex.Transaction,
  registrationId: string,
  seat: { id: string; name: string | null; email: string | null; calendar_sequence: number },
  newEmail: string,
  sender: EmailSender,
): Promise<boolean> {
  if (!seat.email || seat.calendar_sequence === 0 || seat.email.toLowerCase() === newEmail.toLowerCase()) return false;
  const order = await registrationEmailData(trx, registrationId, sender);
  if (seat.email.toLowerCase() === order.email.toLowerCase()) return false;
  const data = { ...seatData(order, { name: seat.name, email: seat.email }), details: { Reason: 'transferred' } };
  return queueInvite(trx, 'attendee_cancelled', seat.email, data, { registrationId, attendeeId: seat.id }, 'CANCEL', { dedupeKey: `attendee_cancelled:${seat.id}:${seat.calendar_sequence}` });
}

/**
 * A seat an admin moved to another workshop becomes an order of its own there, with an event of
 * its own: the attendee's event for this order (if they were sent one) is cancelled first.
 */
export async function queueSeatMovedAway(
  trx: Knex.Transaction,
  registrationId: string,
  seat: { id: string; name: string | null; email: string | null; calendar_sequence: number },
  sender: EmailSender,
): Promise<boolean> {
  if (!seat.email || seat.calendar_sequence === 0) return false;
  const order = await registrationEmailData(trx, registrationId, sender);
  if (seat.email.toLowerCase() === order.email.toLowerCase()) return false;
  const data = { ...seatData(order, { name: seat.name, email: seat.email }), details: { Reason: 'moved' } };
  return queueInvite(trx, 'attendee_cancelled', seat.email, data, { registrationId, attendeeId: seat.id }, 'CANCEL', { dedupeKey: `attendee_cancelled:${seat.id}:${seat.calendar_sequence}` });
}
