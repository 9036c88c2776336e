import { z } from 'zod';

/** The buyer's booking page (GET /api/booking/:token). */
export const bookingViewSchema = z.object({
  name: z.string(),
  email: z.string(),
  access_id: z.string(),
  status: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  /** Added by an admin by hand: complimentary, or paid outside the site (then the organiser, not this page, cancels it). */
  by_hand_payment: z.enum(['complimentary', 'offline']).nullable().default(null),
  workshop: z.object({ title: z.string(), date: z.string(), duration_hours: z.number(), time_zone: z.string() }),
  /** Present only for an active booking inside its window. */
  join: z.object({ url: z.string().nullable(), passcode: z.string().nullable(), materials_url: z.string().nullable() }).nullable(),
  join_available_at: z.string(),
  /** What cancelling now would give back; null when the booking cannot be cancelled. */
  /** `rescheduled`: the workshop moved after the purchase, so everything comes back until 48 hours before the new start. */
  cancellation: z.object({ band: z.enum(['full_minus_fee', 'half', 'none', 'rescheduled']), refund_cents: z.number(), fee_cents: z.number() }).nullable(),
  /** Whose link this is: the buyer's shows every seat of the order, an attendee's only their own. */
  role: z.enum(['buyer', 'attendee']),
  /** The seats this link shows, in order (a seat not named yet has no name). */
  seats: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      status: z.enum(['active', 'cancelled']),
      /** The buyer's link, while join details show: the tracked join link of a seat nobody is named on, for the buyer to hand to whoever takes it. */
      join_url: z.string().nullable().default(null),
    }),
  ),
  /** Until when the buyer may name or rename seats (24 hours before the start); null for an attendee's link or an ended booking. */
  rename_until: z.string().nullable(),
  /** This link's calendar event: the UID and SEQUENCE of the last invite emailed for it, so the page's .ics is that same event. */
  calendar: z.object({ uid: z.string(), sequence: z.number().int().min(0) }),
  /** The buyer's link: seats an admin moved to another workshop (each now a booking of its own, with its own link). */
  moved_seats: z.array(z.object({ name: z.string(), workshop_title: z.string(), workshop_date: z.string() })).default([]),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** POST /api/booking/:token/cancel: without `confirm` it only says what the refund would be; `attendee_ids` (the buyer's link) picks seats, all by default. */
export const bookingCancelInputSchema = z.object({
  confirm: z.boolean().optional(),
  attendee_ids: z.array(z.uuid('Choose seats of this booking.'), { error: 'Choose seats of this booking.' }).min(1, 'Choose at least one seat.').max(10).optional(),
});
export type BookingCancelInput = z.infer<typeof bookingCancelInputSchema>;

export const bookingCancelResultSchema = z.object({ confirmed: z.boolean(), refund_cents: z.number() });
export type BookingCancelResult = z.infer<typeof bookingCancelResultSchema>;
