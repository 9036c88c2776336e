import { z } from 'zod';
import { registrationSchema } from './dto.schema';

/** GET /api/admin/registrations/:id: one registration with everything that happened to it. */
export const registrationDetailSchema = z.object({
  // The list's registration, and what only one registration's page needs.
  registration: registrationSchema
    .extend({
      workshop_date: z.string(),
      provider_order_id: z.string().nullable(),
      completed_at: z.string().nullable(),
      cancelled_at: z.string().nullable(),
      /** A seat moved out of another booking: that booking (which paid for it). */
      split_from_registration_id: z.string().nullable().optional(),
    })
    .loose(),
  payment_events: z.array(z.object({ provider: z.string(), event_id: z.string(), event_type: z.string(), outcome: z.string().nullable(), received_at: z.string(), processed_at: z.string().nullable() })),
  emails: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      to_email: z.string(),
      subject: z.string().nullable(),
      status: z.enum(['queued', 'sent', 'failed']),
      attempts: z.number(),
      last_error: z.string().nullable(),
      provider_message_id: z.string().nullable(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
      /** The provider accepted it but it did not arrive (SendGrid's Event Webhook: bounced or dropped), and why. */
      bounced_at: z.string().nullable(),
      bounce_reason: z.string().nullable(),
      /** Where SendGrid last said it stands (its Event Webhook): null until it says. */
      delivery: z.enum(['delivered', 'deferred', 'bounced', 'dropped', 'spam_report']).nullable(),
      delivery_at: z.string().nullable(),
    }),
  ),
  refunds: z.array(
    z.object({ id: z.string(), payment_id: z.string(), amount_cents: z.number(), currency: z.string(), reason: z.string(), status: z.string(), attempts: z.number(), last_error: z.string().nullable(), created_at: z.string(), completed_at: z.string().nullable() }),
  ),
  /** What the cancellation policy would refund now for the seats still held (each seat's share, times the seats); null when the booking is not active. */
  policy_refund: z.object({ band: z.string(), refund_cents: z.number(), fee_cents: z.number() }).nullable(),
  /**
   * The payment as the ledger holds it: captured, what the business keeps, what went back through
   * this server and what went back by hand at the provider. Null for a booking with no payment.
   */
  money: z.object({ captured_cents: z.number(), kept_cents: z.number(), refunded_cents: z.number(), refunded_by_hand_cents: z.number() }).nullable(),
  /** Seats an admin moved out of this booking: each an order of its own in another workshop, paid by this booking's payment. */
  seat_moves: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.string(), access_id: z.string(), workshop_title: z.string(), workshop_date: z.string() })),
});
export type RegistrationDetail = z.infer<typeof registrationDetailSchema>;

export const adminRefundInputSchema = z.object({
  amount_cents: z.number({ error: 'Refund amount must be a whole number of cents' }).int('Refund amount must be a whole number of cents').min(1, 'Refund amount must be at least 1 cent'),
  reason: z.string({ error: 'Give a reason for the refund' }).trim().min(1, 'Give a reason for the refund').max(500, 'Reason must be 500 characters or less'),
  /** A goodwill refund: the amount goes back and the booking stays, with its seats, join details and reminders. */
  keep_booking: z.boolean().optional(),
  /**
   * The dialog's own id for this decision (a goodwill refund): the same id again, from a second
   * click or a retried request, is the same decision and is answered as it was, never made twice.
   */
  request_id: z.uuid('Invalid request id').optional(),
});
export type AdminRefundInput = z.infer<typeof adminRefundInputSchema>;

export const moveInputSchema = z.object({ workshop_id: z.uuid('Choose the workshop to move to') });
/** POST /api/admin/registrations/:id/seats/:seatId/move answers the booking as it is after, and the moved seat's new booking. */
export const seatMoveResultSchema = registrationDetailSchema.extend({ moved_to: z.string() });

/** POST /api/admin/registrations/:id/seats/:seatId/cancel: one seat of a booking, with what of its price goes back (0: nothing). */
export const adminSeatCancelInputSchema = z.object({
  refund_cents: z.number({ error: 'Refund amount must be a whole number of cents' }).int('Refund amount must be a whole number of cents').min(0, 'Refund amount cannot be negative').default(0),
  reason: z.string().trim().max(500, 'Reason must be 500 characters or less').optional(),
});
export type AdminSeatCancelInput = z.input<typeof adminSeatCancelInputSchema>;

/** POST /api/admin/workshops/:id/messages: a note to everyone who paid. */
export const attendeeMessageInputSchema = z.object({
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200, 'Subject must be 200 characters or less'),
  body: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(10_000, 'Message must be 10,000 characters or less'),
  /** The same key again (a retried request) sends nothing new. */
  idempotency_key: z.string().trim().min(8).max(100).optional(),
});
export type AttendeeMessageInput = z.infer<typeof attendeeMessageInputSchema>;

export const attendeeMessageSchema = z.object({
  id: z.string(),
  workshop_id: z.string(),
  subject: z.string(),
  body: z.string(),
  sent_by: z.string().nullable(),
  created_at: z.string(),
  recipients: z.array(z.object({ registration_id: z.string().nullable(), to_email: z.string(), status: z.enum(['queued', 'sent', 'failed']), last_error: z.string().nullable(), sent_at: z.string().nullable() })),
});
export type AttendeeMessage = z.infer<typeof attendeeMessageSchema>;

/** GET /api/admin/activity: the audit log, newest first. */
export const activityEntrySchema = z.object({
  id: z.string(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  status: z.number(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
