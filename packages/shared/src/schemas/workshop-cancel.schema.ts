import { z } from 'zod';
import { storableText } from '../text';

export const WORKSHOP_CANCEL_MESSAGES = {
  reasonRequired: 'Say why the workshop is cancelled: everyone who booked is told.',
  reasonTooLong: 'Reason must be 500 characters or less',
  notFound: 'Workshop not found',
  started: 'This workshop has already started, so it cannot be cancelled. Refund its bookings one by one instead.',
  /** Any change but hiding it: a cancelled workshop is never put on sale again. */
  unchangeable: 'This workshop was cancelled, so it can no longer be changed (it can only be hidden from the list).',
  /** An admin's own refund or cancel of one booking: the organiser's decision (everything back) already stands. */
  bookingsRefunded: 'This workshop was cancelled: its bookings are refunded in full, so this booking cannot be refunded or cancelled by hand.',
  /** A booking moved into it. */
  notOpen: 'That workshop was cancelled: choose another one.',
  /** A booking moved out of it: its refund is already decided. */
  noMoveOut: 'This workshop was cancelled: its bookings are refunded in full, so they cannot be moved.',
  /** What a buyer sees trying to book or join the line. */
  forBuyers: 'This workshop was cancelled.',
} as const;

/** POST /api/admin/workshops/:id/cancel: without `confirm`, a preview; with it (and a reason), the workshop is called off. */
export const workshopCancelInputSchema = z
  .object({
    reason: z.string({ error: WORKSHOP_CANCEL_MESSAGES.reasonRequired }).refine(...storableText('reason')).trim().max(500, WORKSHOP_CANCEL_MESSAGES.reasonTooLong).optional(),
    confirm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirm && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: WORKSHOP_CANCEL_MESSAGES.reasonRequired });
  });
export type WorkshopCancelInput = z.input<typeof workshopCancelInputSchema>;

const providerShare = z.object({ provider: z.enum(['paypal', 'razorpay']), bookings: z.number(), refund_cents: z.number() });

/**
 * The preview (`cancelled: false`): what a cancellation would do now. After it (`cancelled: true`):
 * what it did and how far its refunds got: of `bookings`, `refunded` have every refund through,
 * `pending` are still being refunded (or cancelled). Asked again, it answers the same, further on.
 */
export const workshopCancellationSchema = z.object({
  workshop_id: z.string(),
  title: z.string(),
  cancelled: z.boolean(),
  cancelled_at: z.string().nullable(),
  reason: z.string().nullable(),
  /** Completed bookings the cancellation covers, and their seats. */
  bookings: z.number(),
  seats: z.number(),
  /** What goes back in all (before), or was decided to go back (after): in full, no fee; through the providers and, for `by_hand`, by hand. */
  refund_cents: z.number(),
  providers: z.array(providerShare),
  /** Bookings a promo code made free, or an admin added as complimentary: cancelled, nothing to give back. */
  free_bookings: z.number(),
  /** Bookings an admin added as paid outside the site: what the organiser gives back by hand (part of `refund_cents`). */
  by_hand: z.object({ bookings: z.number(), refund_cents: z.number() }).default({ bookings: 0, refund_cents: 0 }),
  /** Unpaid checkouts ended by the cancellation, and people in the waitlist told. */
  open_holds: z.number(),
  waitlisted: z.number(),
  refunded: z.number(),
  pending: z.number(),
});
export type WorkshopCancellation = z.infer<typeof workshopCancellationSchema>;
