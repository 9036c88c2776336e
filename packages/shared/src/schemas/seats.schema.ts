import { z } from 'zod';
import { emailField, nameField } from './fields';

/** An order holds 1 to 10 seats (team bookings); each seat is an attendee. */
export const SEATS = { min: 1, max: 10 } as const;

export const SEATS_MESSAGES = {
  seats: `Seats must be a whole number from ${SEATS.min} to ${SEATS.max}.`,
  attendees: 'Name at most one attendee per seat.',
  attendeesList: 'Attendees must be a list of names and emails.',
  namedTwice: (email: string) => `${email} is named twice: one seat per person.`,
  hasSeat: (email: string) => `${email} already has a seat in this workshop.`,
  onlyLeft: (left: number) => (left === 1 ? 'Only 1 seat left' : `Only ${left} seats left`),
  offerOneSeat: 'A waitlist offer is for one seat.',
  renameClosed: 'Seats can be renamed until 24 hours before the workshop starts.',
  renameBuyerOnly: 'Only the person who booked can name the seats.',
  noSuchSeat: 'This seat is not part of this booking, or it was cancelled.',
} as const;

/** A seat's attendee as the buyer names them (at checkout, or later from the booking page). */
export const attendeeInputSchema = z.object({ name: nameField, email: emailField });
export type AttendeeInput = z.infer<typeof attendeeInputSchema>;

export const seatsField = z.number({ error: SEATS_MESSAGES.seats }).int(SEATS_MESSAGES.seats).min(SEATS.min, SEATS_MESSAGES.seats).max(SEATS.max, SEATS_MESSAGES.seats);

/**
 * What a checkout asks for besides the buyer: how many seats, and who sits in them (optional:
 * unnamed seats are named later from the booking page; with none named, the buyer fills the
 * first). One seat per person: an email named twice is refused.
 */
export const checkoutSeatsSchema = z
  .object({
    seats: seatsField.default(SEATS.min),
    attendees: z.array(attendeeInputSchema, { error: SEATS_MESSAGES.attendeesList }).max(SEATS.max, SEATS_MESSAGES.attendees).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.attendees.length > v.seats) ctx.addIssue({ code: 'custom', message: SEATS_MESSAGES.attendees, path: ['attendees'] });
    const seen = new Set<string>();
    for (const [i, a] of v.attendees.entries()) {
      const key = a.email.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: SEATS_MESSAGES.namedTwice(a.email), path: ['attendees', i, 'email'] });
      seen.add(key);
    }
  });
export type CheckoutSeatsInput = z.input<typeof checkoutSeatsSchema>;
