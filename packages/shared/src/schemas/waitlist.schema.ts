import { z } from 'zod';
import { paypalCheckoutFieldsSchema } from './registration.schema';

/** Exact copy of the waitlist's answers, shown by the site, the admin and the emails. */
export const WAITLIST_MESSAGES = {
  joined: "You're on the waitlist. When a seat frees up we'll email you a link that holds it for you.",
  alreadyJoined: "You're already on the waitlist for this workshop. We'll email you as soon as a seat frees up.",
  alreadyOffered: 'A seat is already being held for you: use the link in the email we sent you to book it.',
  alreadyBooked: 'You already have a seat in this workshop: your booking link is in your confirmation email.',
  seatsAvailable: 'Seats are still available for this workshop, so there is no waitlist: book your seat instead.',
  unavailable: 'This workshop is no longer available.',
  offerGone: 'This waitlist offer has expired or is no longer valid. If a seat frees up again, the next person on the waitlist is offered it.',
  linkInvalid: 'This waitlist link is not valid any more.',
  left: 'You have left the waitlist. We will not offer you a seat for this workshop.',
  noSeatToOffer: 'No seat is free to offer: every seat is sold, held or already offered. Raise the capacity first.',
  cannotOffer: 'Only someone still waiting (or whose offer expired) can be offered a seat.',
  entryNotFound: 'Waitlist entry not found',
} as const;

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left', 'cancelled'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Joining asks what registering asks, with the same rules and messages. */
export const waitlistJoinSchema = paypalCheckoutFieldsSchema.omit({ workshop_id: true });
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;

export const waitlistJoinResponseSchema = z.object({
  id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  position: z.number().int().nullable(),
  already: z.boolean(),
  message: z.string(),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponseSchema>;

/** The personal link's token: checkout with it claims the offer, or it leaves the waitlist. */
export const waitlistTokenSchema = z.object({ token: z.string({ error: WAITLIST_MESSAGES.linkInvalid }).trim().regex(/^[a-f0-9]{64}$/, WAITLIST_MESSAGES.linkInvalid) });

/** Either checkout body may carry the offer link's token (an extra field, beside the checkout's own). */
export const waitlistCheckoutSchema = z.object({ waitlist_token: z.string().trim().regex(/^[a-f0-9]{64}$/, WAITLIST_MESSAGES.offerGone).optional() });
export type WaitlistCheckoutInput = z.input<typeof waitlistCheckoutSchema>;

/** What the offer link shows before checkout: the workshop and the details to fill in. */
export interface WaitlistOffer {
  workshop_id: string;
  workshop_title: string;
  name: string;
  email: string;
  phone: string;
  offer_expires_at: string;
}

export interface AdminWaitlistEntry {
  id: string;
  /** Place in line among those still waiting (1 = next); null once offered or done. */
  position: number | null;
  name: string;
  email: string;
  phone: string;
  status: WaitlistStatus;
  offer_count: number;
  offered_at: string | null;
  offer_expires_at: string | null;
  offered_by: 'auto' | 'admin' | null;
  /** Whether the offered seat is still held for them (database clock). */
  offer_live: boolean;
  created_at: string;
}

export interface AdminWaitlist {
  workshop_id: string;
  items: AdminWaitlistEntry[];
  /** Seats that could be offered now: capacity minus sold, held and offered seats (null: no limit). */
  free_seats: number | null;
}
