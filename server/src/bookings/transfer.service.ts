import { SEATS_MESSAGES, TRANSFER_MESSAGES, type TransferInput, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { queueSeatTransferred } from '../email/email.invites';
import type { EmailSender } from '../email/email.queue';
import { queueBookingTransferred, queueSeatPassedOn } from '../email/transfer-emails';
import { ConflictError, NotFoundError } from '../http/errors';
import { issueAttendeeLinks } from '../registrations/attendee-links';
import { type AttendeeRow, emailsWithSeats } from '../registrations/attendees.queries';
import { bookingUrl, newBookingToken } from '../registrations/booking-token';
import { linkStillOpens } from '../payments/cancellation.service';
import { lockWorkshopThenRegistration } from '../workshops/seats.queries';
import { markWaitlistBooked, OFFER_LIVE } from '../waitlist/waitlist.queries';

/** Transfers close this long before the start (SPEC §9: transfers need 24 h notice); an admin may transfer at any time. */
const TRANSFER_HOURS_BEFORE = 24;

type Order = { id: string; name: string; email: string; workshop_id: string; status: string };

/**
 * Hands a booking to someone else (issue 23, point 3). `seatId`: one attendee passes their own seat
 * of a team on; without it, a booking of one seat changes hands whole. No money moves: the payment,
 * and any refund of it, stays the buyer's. Decided with the workshop and the booking locked (one
 * seat per person is counted as a checkout counts it). Whoever gave it away loses their link (404)
 * and their calendar event; the new holder gets their own confirmation, link, event and reminders.
 */
export async function transferBooking(
  d: { db: Db; sender: EmailSender },
  registrationId: string,
  to: TransferInput,
  opts: { anyTime: boolean; seatId?: string; link?: { hash: string; attendeeId?: string } },
): Promise<void> {
  await d.db.transaction(async (trx) => {
    const locked = await lockWorkshopThenRegistration<Order & { booking_token_hash: string | null }>(trx, registrationId);
    if (!locked) throw new NotFoundError('Booking not found');
    const order = locked.registration;
    // The link was opened before the lock: a transfer or cancel a moment earlier may have taken it away.
    if (opts.link && !(await linkStillOpens(trx, order, opts.link))) throw new NotFoundError('Booking not found');
    if (locked.workshop.cancelled) throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.bookingsRefunded);
    if (order.status !== 'completed' || order.workshop_id !== locked.workshop.id) throw new ConflictError(TRANSFER_MESSAGES.notActive);
    if (!opts.anyTime && new Date(locked.workshop.date).getTime() - TRANSFER_HOURS_BEFORE * 3_600_000 <= Date.now()) throw new ConflictError(TRANSFER_MESSAGES.closed);
    const active: AttendeeRow[] = await trx('attendees').where({ registration_id: order.id, status: 'active' }).orderBy('position').forNoKeyUpdate();
    const seat = opts.seatId ? active.find((a) => a.id === opts.seatId) : active.length === 1 ? active[0] : undefined;
    if (!seat) throw opts.seatId ? new NotFoundError(SEATS_MESSAGES.noSuchSeat) : new ConflictError(active.length ? TRANSFER_MESSAGES.team : TRANSFER_MESSAGES.notActive);
    const holder = opts.seatId ? (seat.email ?? order.email) : order.email;
    if (holder.toLowerCase() === to.email.toLowerCase()) throw new ConflictError(TRANSFER_MESSAGES.same);
    const [seated] = await emailsWithSeats(trx, locked.workshop.id, [to.email]);
    if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated));
    // A checkout of theirs that money may still complete (a hold, or one that ended with a provider
    // order), or a seat the waitlist holds for them: one seat per person, so that one is theirs to finish.
    if (await openCheckoutOf(trx, locked.workshop.id, to.email)) throw new ConflictError(TRANSFER_MESSAGES.ownCheckout);

    // Each transfer's emails are its own (a booking passed back and forth gets them every time).
    const key = `${order.id}:${randomBytes(8).toString('hex')}`;
    // A seat that had an event of its own (named for someone other than the buyer) loses it first.
    await queueSeatTransferred(trx, order.id, seat, to.email, d.sender);
    await trx('attendees').where({ id: seat.id }).update({ name: to.name, email: to.email, booking_token_hash: null, updated_at: trx.fn.now() });
    if (opts.seatId) {
      await issueAttendeeLinks(trx, order.id, d.sender);
      await queueSeatPassedOn(trx, order.id, d.sender, { from: seat.name ?? holder, to: to.name }, key);
    } else {
      await handOver(trx, order, to, d.sender, key);
    }
    // Someone waiting in this workshop's line who now has a seat waits no more.
    await markWaitlistBooked(trx, { id: order.id, workshop_id: order.workshop_id, email: to.email });
  });
}

/** The whole booking changes hands: its holder, and a new link (the old one stops working). */
async function handOver(trx: Knex.Transaction, order: Order, to: TransferInput, sender: EmailSender, key: string): Promise<void> {
  const link = newBookingToken();
  await trx('workshop_registrations').where({ id: order.id }).update({ name: to.name, email: to.email, phone: to.phone, booking_token_hash: link.hash, updated_at: trx.fn.now() });
  await queueBookingTransferred(trx, order.id, sender, { name: order.name, email: order.email }, bookingUrl(sender.publicBaseUrl, link.token), key);
}

/** Whether this person has a checkout in the workshop that money may still complete (theirs, or a team's naming them), or a live waitlist offer there. */
export async function openCheckoutOf(trx: Knex.Transaction, workshopId: string, email: string): Promise<boolean> {
  const checkout = await trx('workshop_registrations')
    .where({ workshop_id: workshopId })
    .whereRaw('lower(email) = lower(?)', [email])
    .where((q) => q.where('status', 'pending').orWhere((f) => f.where('status', 'failed').whereNotNull('reconcile_after')))
    .first('id');
  if (checkout) return true;
  // Named in someone else's team checkout that money may still complete: that seat would be theirs too.
  const named = await trx('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .where({ 'r.workshop_id': workshopId })
    .whereRaw('lower(a.email) = lower(?)', [email])
    .where((q) => q.where('r.status', 'pending').orWhere((f) => f.where('r.status', 'failed').whereNotNull('r.reconcile_after')))
    .first('a.id');
  if (named) return true;
  return Boolean(await trx('waitlist_entries as e').where({ 'e.workshop_id': workshopId }).whereRaw('lower(e.email) = lower(?)', [email]).whereRaw(OFFER_LIVE).first('e.id'));
}
