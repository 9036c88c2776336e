import { z } from 'zod';
import { paymentMethodSchema, registrationStatusSchema } from './registration.schema';

/**
 * What an admin must see: a refund the provider keeps refusing, a PayPal capture still
 * pending, a wrong amount being refunded, money for no registration, a checkout the
 * reconciler cannot settle, and an email carrying someone's way in that did not arrive.
 * Each thing appears once, under its most pressing kind.
 */
export const ATTENTION_KINDS = ['refund_failing', 'capture_pending', 'amount_mismatch', 'unattributed', 'checkout_stuck', 'email_bounced'] as const;
export const attentionKindSchema = z.enum(ATTENTION_KINDS);
export type AttentionKind = z.infer<typeof attentionKindSchema>;

/** What admins read for each kind. */
export const ATTENTION_KIND_LABELS: Record<AttentionKind, string> = {
  refund_failing: 'Refund failing',
  capture_pending: 'Capture pending at PayPal',
  amount_mismatch: 'Amount mismatch',
  unattributed: 'Payment with no registration',
  checkout_stuck: 'Checkout not settling',
  email_bounced: 'Email did not arrive',
};

/** What the retry buttons report once the server accepted the retry. */
export const ATTENTION_RETRY_MESSAGES = {
  refund: 'Refund queued again',
  registration: 'Checkout will be checked again now',
} as const;

/** One row of payment_events, without its payload (it can hold buyer details). */
export const attentionEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  outcome: z.string().nullable(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
});
export type AttentionEvent = z.infer<typeof attentionEventSchema>;

export const attentionItemSchema = z.object({
  /** `refund:<id>` or `registration:<id>`: stable across reloads. */
  id: z.string(),
  kind: attentionKindSchema,
  /** One line saying what happened and what the server is doing about it. */
  explanation: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  provider: paymentMethodSchema.nullable(),
  payment_id: z.string().nullable(),
  order_id: z.string().nullable(),
  registration: z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      access_id: z.string(),
      workshop_title: z.string(),
      status: registrationStatusSchema,
      status_reason: z.string().nullable(),
    })
    .nullable(),
  refund: z
    .object({ id: z.string(), reason: z.string(), status: z.enum(['queued', 'succeeded', 'failed']) })
    .nullable(),
  /** When the trouble began: the refund was owed, or the checkout started. */
  started_at: z.string(),
  /** Refund attempts, or reconciler passes for a checkout; null when nothing was tried yet. */
  attempts: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** Checkouts: the earliest time the reconciler looks at it again. */
  next_check_at: z.string().nullable(),
  /** What the item's Retry button retries; null when there is nothing to retry. */
  retry: z.object({ target: z.enum(['refund', 'registration']), id: z.string() }).nullable(),
  /**
   * An email_bounced item's email: the last email with the booking link or the join details to
   * that address, which bounced or was dropped; `seat_id` when it was an attendee's seat.
   */
  email: z
    .object({ id: z.string(), kind: z.string(), to_email: z.string(), reason: z.string().nullable(), bounced_at: z.string(), seat_id: z.string().nullable() })
    .nullable(),
  /** Its payment_events, oldest first. */
  timeline: z.array(attentionEventSchema),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionListSchema = z.object({ items: z.array(attentionItemSchema), total: z.number().int() });
export type AttentionList = z.infer<typeof attentionListSchema>;

/** A retry's answer: the item as it stands now, or null when it no longer needs attention. */
export const attentionRetryResultSchema = z.object({ item: attentionItemSchema.nullable() });
export type AttentionRetryResult = z.infer<typeof attentionRetryResultSchema>;
