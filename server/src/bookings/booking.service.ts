import { type AttendeeInput, BY_HAND_MESSAGES, type BookingCancelInput, type BookingCancelResult, type BookingView, calendarUid, DISPLAY_TIME_ZONE, policyRefund, RECORDING_DAYS, rescheduleChoiceOpen, SEATS_MESSAGES, TRANSFER_MESSAGES } from '@workshop/shared';
import type { Db } from '../db/knex';
import { queueSeatTransferred } from '../email/email.invites';
import { currentSequence } from '../email/email.outbox';
import { type EmailSender, queueConfirmationResend } from '../email/email.queue';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import { cancelSeats, inWorkshopSince } from '../payments/cancellation.service';
import { issueAttendeeLinks } from '../registrations/attendee-links';
import { type AttendeeRow, attendeesOf, buyersSeat, emailsWithSeats } from '../registrations/attendees.queries';
import { bookingUrl, hashBookingToken, joinUrl } from '../registrations/booking-token';
import { readSetting } from '../settings/settings.queries';
import { type BookingRow, openBooking } from './booking-token.queries';
import { openCheckoutOf } from './transfer.service';
import { markWaitlistBooked } from '../waitlist/waitlist.queries';

const HOUR = 3_600_000;
/** Seats can be named or renamed until this long before the start (SPEC §9: transfers need 24 h notice). */
const RENAME_HOURS_BEFORE = 24;

const seatView = (a: AttendeeRow, joinUrl: string | null = null) => ({ id: a.id, position: a.position, name: a.name, email: a.email, status: a.status, join_url: joinUrl });

/**
 * What cancelling these seats gives back now: each seat's own refund at its price, under the
 * policy's band, or everything when the workshop moved after the purchase and the choice is still
 * open (the cancel decides it again, with the order locked).
 */
async function policyFor(db: Db, b: BookingRow, seats: number, now: Date) {
  const startsAt = new Date(b.date);
  // As the cancel counts it: a goodwill refund given earlier is part of what goes back, and never
  // more than the booking still holds (what it paid less its refunds).
  // Hand money given back at the provider that no decision counted yet is part of it too, and the payment keeps what it keeps.
  const paymentId = b.payment_id ?? b.paid_with_payment_id;
  const refunds: { reason: string; amount_cents: number }[] = paymentId ? await db('refunds').where({ registration_id: b.id, payment_id: paymentId }).select('reason', 'amount_cents') : [];
  const ledger = paymentId && b.payment_method ? await db('payments').where({ provider: b.payment_method, payment_id: paymentId }).first('kept_cents', 'refunded_outside_cents', 'outside_counted_cents') : undefined;
  const sum = (rows: typeof refunds) => rows.reduce((n, f) => n + f.amount_cents, 0);
  const goodwill = Math.max(0, sum(refunds.filter((f) => f.reason === 'goodwill')) - b.goodwill_counted_cents);
  const outside = ledger ? Math.max(0, ledger.refunded_outside_cents - ledger.outside_counted_cents) : 0;
  const most = Math.min(ledger ? ledger.kept_cents : b.amount, b.amount - sum(refunds));
  const back = (cents: number) => {
    const rest = cents - Math.min(goodwill, cents);
    return Math.max(0, Math.min(rest - Math.min(outside, rest), most));
  };
  if (rescheduleChoiceOpen({ rescheduledAt: b.rescheduled_at, bookedAt: inWorkshopSince(b), startsAt, now })) return { band: 'rescheduled' as const, refund_cents: back(b.unit_amount * seats), fee_cents: 0 };
  const one = policyRefund({ amountCents: b.unit_amount, startsAt, now, policy: await readSetting(db, 'refund_policy') });
  return { band: one.band, refund_cents: back(one.refundCents * seats), fee_cents: one.feeCents * seats };
}

export async function viewBooking(db: Db, token: string, opts: { joinHoursBefore: number; publicBaseUrl: string; now?: Date }): Promise<BookingView> {
  const { booking: b, attendee } = await openBooking(db, token);
  const now = opts.now ?? new Date();
  const start = new Date(b.date);
  const opens = new Date(start.getTime() - opts.joinHoursBefore * HOUR);
  const closes = new Date(start.getTime() + RECORDING_DAYS * 24 * HOUR);
  const seats = attendee ? [attendee] : await attendeesOf(db, b.id);
  const mine = seats.filter((a) => a.status === 'active').length;
  const active = b.status === 'completed' && mine > 0;
  const renameUntil = new Date(start.getTime() - RENAME_HOURS_BEFORE * HOUR);
  const joinDue = active && now >= opens && now <= closes;
  const buyersOwn = buyersSeat(seats, b.email);
  return {
    name: attendee?.name ?? b.name,
    email: attendee?.email ?? b.email,
    access_id: b.access_id,
    status: attendee?.status === 'cancelled' ? 'cancelled' : b.status,
    amount_cents: attendee ? b.unit_amount : b.amount,
    currency: b.currency,
    payment_method: b.payment_method,
    by_hand_payment: b.by_hand_payment,
    workshop: { title: b.title, date: start.toISOString(), duration_hours: b.duration_hours, time_zone: DISPLAY_TIME_ZONE },
    // This link's own seat's tracked join link (issue 26, point 3), never the meeting's address; a buyer who gave every seat away has none.
    join: joinDue ? { url: joinOf(attendee ?? buyersOwn, opts.publicBaseUrl), passcode: b.join_passcode, materials_url: b.materials_url } : null,
    join_available_at: opens.toISOString(),
    // Money paid outside the site goes back outside it too: the organiser arranges that, not this page.
    cancellation: active && b.by_hand_payment !== 'offline' ? await policyFor(db, b, mine, now) : null,
    role: attendee ? 'attendee' : 'buyer',
    // The buyer hands out the seats nobody is named on: each with its own tracked link (its own attendance), never the buyer's.
    seats: seats.map((a) => seatView(a, joinDue && !attendee && a.status === 'active' && !a.email && a !== buyersOwn ? joinOf(a, opts.publicBaseUrl) : null)),
    rename_until: !attendee && active && now < renameUntil ? renameUntil.toISOString() : null,
    // The event this link's invites were for: an attendee's seat, or the buyer's order.
    calendar: attendee ? { uid: calendarUid(attendee.id), sequence: currentSequence(attendee.calendar_sequence) } : { uid: calendarUid(b.id), sequence: currentSequence(b.calendar_sequence) },
    moved_seats: attendee ? [] : await movedSeats(db, b.id),
  };
}

const joinOf = (seat: Pick<AttendeeRow, 'join_token'> | undefined, base: string) => (seat ? joinUrl(base, seat.join_token) : null);

/** Seats an admin moved out of this order, still booked where they went: the buyer sees where each is now. */
async function movedSeats(db: Db, registrationId: string): Promise<BookingView['moved_seats']> {
  const rows: { name: string; title: string; date: Date }[] = await db('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .where({ 'r.split_from_registration_id': registrationId, 'r.status': 'completed' })
    .orderBy('r.created_at')
    .select('r.name', 'w.title', 'w.date');
  return rows.map((m) => ({ name: m.name, workshop_title: m.title, workshop_date: new Date(m.date).toISOString() }));
}

/**
 * Cancel by policy, from a booking link: without `confirm` it only answers what the refund would
 * be. The buyer's link cancels the seats chosen (all by default); an attendee's, their own seat
 * (the refund goes to whoever paid). Cancelling every seat the order still holds ends the booking.
 */
export async function cancelByBuyer(d: { db: Db; sender: EmailSender }, token: string, input: BookingCancelInput): Promise<BookingCancelResult> {
  const { booking: b, attendee } = await openBooking(d.db, token);
  const active = (await attendeesOf(d.db, b.id)).filter((a) => a.status === 'active');
  const which = attendee ? [attendee.id] : (input.attendee_ids ?? ('all' as const));
  const chosen = which === 'all' ? active : active.filter((a) => which.includes(a.id));
  if (b.status !== 'completed' || !chosen.length) throw new ConflictError('This booking is not active, so it cannot be cancelled.');
  if (which !== 'all' && chosen.length !== new Set(which).size) throw new ConflictError(SEATS_MESSAGES.noSuchSeat);
  if (b.by_hand_payment === 'offline') throw new ConflictError(BY_HAND_MESSAGES.buyerCancel);
  const policy = await readSetting(d.db, 'refund_policy');
  const perSeatCents = (startsAt: Date) => policyRefund({ amountCents: b.unit_amount, startsAt, now: new Date(), policy }).refundCents;
  if (!input.confirm) return { confirmed: false, refund_cents: (await policyFor(d.db, b, chosen.length, new Date())).refund_cents };
  // Which seats, and the band (the workshop the booking is in then), are decided again with the
  // order locked: a cancel racing this one never pays for a seat twice, nor racing a move at the old band.
  const link = { hash: hashBookingToken(token), attendeeId: attendee?.id };
  const done = await cancelSeats(d, b.id, which, { perSeatCents, by: 'cancelled_by_buyer', policyTotal: true, link });
  return { confirmed: true, refund_cents: done.refundCents };
}

/**
 * The buyer names or renames a seat until 24 hours before the start: the old attendee's link
 * stops working (404) and their calendar event is cancelled, the new attendee gets their own link
 * and confirmation (the seat's event, a higher SEQUENCE). One seat per person.
 */
export async function renameSeat(d: { db: Db; sender: EmailSender }, token: string, seatId: string, who: AttendeeInput): Promise<void> {
  const { booking: b, attendee } = await openBooking(d.db, token);
  if (attendee) throw new ForbiddenError(SEATS_MESSAGES.renameBuyerOnly);
  await d.db.transaction(async (trx) => {
    // The workshop's lock: one seat per person is decided one rename (or checkout) at a time.
    const w = await trx('workshops').join('workshop_registrations as r', 'r.workshop_id', 'workshops.id').where('r.id', b.id).forNoKeyUpdate('workshops').first('workshops.id', 'workshops.date');
    if (new Date(w.date).getTime() - RENAME_HOURS_BEFORE * HOUR <= Date.now()) throw new ConflictError(SEATS_MESSAGES.renameClosed);
    const seat: AttendeeRow | undefined = await trx('attendees').where({ id: seatId, registration_id: b.id, status: 'active' }).forNoKeyUpdate().first();
    const order = await trx('workshop_registrations').where({ id: b.id }).first('status', 'workshop_id');
    if (!seat || order?.status !== 'completed') throw new NotFoundError(SEATS_MESSAGES.noSuchSeat);
    // Moved to another workshop while this waited for the lock: one seat per person would be asked of the wrong one.
    if (order.workshop_id !== w.id) throw new ConflictError('This booking changed a moment ago. Please reload it and try again.');
    if ((seat.email ?? '').toLowerCase() !== who.email.toLowerCase()) {
      const [seated] = await emailsWithSeats(trx, w.id, [who.email]);
      if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated));
      if (await openCheckoutOf(trx, w.id, who.email)) throw new ConflictError(TRANSFER_MESSAGES.ownCheckout);
    }
    await queueSeatTransferred(trx, b.id, seat, who.email, d.sender);
    await trx('attendees').where({ id: seat.id }).update({ name: who.name, email: who.email, booking_token_hash: null, updated_at: trx.fn.now() });
    // The person named has a seat now: out of the workshop's line, so no seat is offered to them too.
    await markWaitlistBooked(trx, { id: b.id, workshop_id: w.id, email: who.email });
    await issueAttendeeLinks(trx, b.id, d.sender);
  });
}

/** The confirmation again, with the same link the buyer used (the buyer's link only). */
export async function resendToBuyer(d: { db: Db; sender: EmailSender }, token: string): Promise<{ queued: boolean }> {
  const { booking: b, attendee } = await openBooking(d.db, token);
  if (b.status !== 'completed' || attendee) throw new NotFoundError('Booking not found');
  const queued = await d.db.transaction(async (trx) => {
    // Asked again under the booking's lock: a cancel committing meanwhile is followed by no "You're registered",
    // and a link an admin's address correction replaced meanwhile sends nothing (the email would carry a dead link).
    const now = await trx('workshop_registrations').where({ id: b.id }).forNoKeyUpdate().first('status', 'booking_token_hash');
    if (now?.status !== 'completed' || now.booking_token_hash !== hashBookingToken(token)) throw new NotFoundError('Booking not found');
    return queueConfirmationResend(trx, b.id, d.sender, bookingUrl(d.sender.publicBaseUrl, token));
  });
  return { queued };
}
