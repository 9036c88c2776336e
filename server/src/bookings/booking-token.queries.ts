import type { Db } from '../db/knex';
import { NotFoundError } from '../http/errors';
import type { AttendeeRow } from '../registrations/attendees.queries';
import { BOOKING_TOKEN, hashBookingToken } from '../registrations/booking-token';

/** The order a booking link opens, with its workshop. */
export interface BookingRow {
  id: string;
  name: string;
  email: string;
  access_id: string;
  status: string;
  amount: number;
  unit_amount: number;
  seats: number;
  currency: string;
  payment_method: string | null;
  title: string;
  date: Date;
  duration_hours: number;
  join_url: string | null;
  join_passcode: string | null;
  materials_url: string | null;
  /** Invites queued for the order's calendar event (email/email.outbox.ts). */
  calendar_sequence: number;
  /** When the seat became the buyer's, and when the workshop's date last changed. */
  completed_at: Date | null;
  moved_in_at: Date | null;
  rescheduled_at: Date | null;
  /** Of its goodwill refunds, what policy cancels counted already. */
  goodwill_counted_cents: number;
  /** Its payment (a seat moved out of a team: the team's). */
  payment_id: string | null;
  paid_with_payment_id: string | null;
  /** Added by an admin by hand (complimentary, or paid outside the site). */
  by_hand_payment: 'complimentary' | 'offline' | null;
}

/** A booking link, opened: the buyer's (the whole order) or an attendee's (their seat of it). */
export interface OpenedBooking {
  booking: BookingRow;
  attendee?: AttendeeRow;
}

const COLUMNS = ['r.id', 'r.name', 'r.email', 'r.access_id', 'r.status', 'r.amount', 'r.unit_amount', 'r.seats', 'r.currency', 'r.payment_method', 'w.title', 'w.date', 'w.duration_hours', 'w.join_url', 'w.join_passcode', 'w.materials_url', 'r.calendar_sequence', 'r.completed_at', 'r.moved_in_at', 'w.rescheduled_at', 'r.goodwill_counted_cents', 'r.payment_id', 'r.paid_with_payment_id', 'r.by_hand_payment'];

/**
 * The token is the secret (only its sha256 is stored): the buyer's opens the order, an
 * attendee's their own seat. A seat cancelled or renamed no longer has the old link: 404.
 */
export async function openBooking(db: Db, token: string): Promise<OpenedBooking> {
  if (!BOOKING_TOKEN.test(token)) throw new NotFoundError('Booking not found');
  const hash = hashBookingToken(token);
  const orders = () => db('workshop_registrations as r').join('workshops as w', 'w.id', 'r.workshop_id');
  const booking: BookingRow | undefined = await orders().where('r.booking_token_hash', hash).first(COLUMNS);
  if (booking) return { booking };
  const attendee: AttendeeRow | undefined = await db('attendees').where({ booking_token_hash: hash }).first();
  if (!attendee) throw new NotFoundError('Booking not found');
  const order: BookingRow = await orders().where('r.id', attendee.registration_id).first(COLUMNS);
  return { booking: order, attendee };
}
