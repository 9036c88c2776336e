import { z } from 'zod';
import { emailField } from './fields';

/** How long a privacy request's confirmation link works (issue 27, point 2). */
export const PRIVACY_LINK_HOURS = 24;

/** What a person may ask for about their data: a copy of it, or that it be erased. */
export const PRIVACY_REQUEST_KINDS = ['export', 'erasure'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_KIND_LABELS: Record<PrivacyRequestKind, string> = { export: 'A copy of my data', erasure: 'Erase my data' };

export const PRIVACY_MESSAGES = {
  sent: `Check your inbox: we have sent a link to that address to confirm the request. It works for ${PRIVACY_LINK_HOURS} hours.`,
  invalid: 'This confirmation link is invalid, has expired or was already used. Ask again from the Your data page.',
  nothingHeld: 'We hold no data about this address.',
  erased: 'Your data has been erased.',
  blocked: 'You have a booking that is still to come or a payment in progress: cancel the booking first (from the link in its confirmation email), or wait until the workshop has taken place, then ask again.',
} as const;

/** What the law makes us keep after an erasure, said in the answer (SPEC §9: payment records 7 years). */
export const PRIVACY_KEPT = [
  'Payment records (amounts, currency, dates and the payment provider’s references) for 7 years, as tax law requires.',
  'Invoices and credit notes as they were issued, for 7 years, as tax law requires.',
  'A record of this request (your address, when you asked and what was done), to show that it was done.',
  'Your unsubscribe, if you made one, so that you are never emailed offers again.',
] as const;

/** POST /api/privacy/requests: always answered 202 with PRIVACY_MESSAGES.sent, known address or not. */
export const privacyRequestInputSchema = z.object({ email: emailField, kind: z.enum(PRIVACY_REQUEST_KINDS, { error: 'Choose what you are asking for' }) }).strict();
export type PrivacyRequestInput = z.infer<typeof privacyRequestInputSchema>;

export const privacyConfirmInputSchema = z.object({ token: z.string({ error: PRIVACY_MESSAGES.invalid }).max(100, PRIVACY_MESSAGES.invalid) }).strict();

const when = z.string();
/** Everything held about one address (an export): each list empty when nothing of that kind is held. */
export const privacyExportSchema = z.object({
  email: z.string(),
  generated_at: when,
  /** False when nothing at all is held about the address. */
  held: z.boolean(),
  bookings: z.array(
    z.object({ access_id: z.string(), workshop: z.string(), workshop_date: when, name: z.string(), phone: z.string(), status: z.string(), amount_cents: z.number(), currency: z.string(), payment_method: z.string().nullable(), seats: z.number(), booked_at: when, billing: z.record(z.string(), z.unknown()).nullable() }),
  ),
  seats: z.array(z.object({ workshop: z.string(), workshop_date: when, position: z.number(), name: z.string().nullable(), status: z.string(), first_joined_at: when.nullable(), attendance: z.string().nullable() })),
  payments: z.array(z.object({ provider: z.string(), payment_id: z.string(), amount_cents: z.number(), currency: z.string(), at: when })),
  refunds: z.array(z.object({ amount_cents: z.number(), status: z.string(), reason: z.string().nullable(), at: when })),
  emails: z.array(z.object({ kind: z.string(), subject: z.string().nullable(), status: z.string(), at: when })),
  interests: z.array(z.object({ name: z.string(), phone: z.string(), message: z.string(), source: z.string(), at: when })),
  video_leads: z.array(z.object({ name: z.string(), at: when })),
  waitlist: z.array(z.object({ workshop: z.string(), name: z.string(), phone: z.string(), status: z.string(), at: when })),
  revive: z.array(z.object({ name: z.string(), at: when })),
  feedback: z.array(z.object({ workshop: z.string(), rating: z.number(), comment: z.string(), at: when })),
  certificates: z.array(z.object({ id: z.string(), name: z.string(), workshop: z.string(), issued_at: when })),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

/** What an erasure changed, by kind of record (counts). */
export const privacyErasedSchema = z.object({
  bookings: z.number(),
  seats: z.number(),
  emails: z.number(),
  interests: z.number(),
  video_leads: z.number(),
  waitlist: z.number(),
  revive: z.number(),
  checkout_follow_ups: z.number(),
  feedback: z.number(),
  certificates: z.number(),
});
export type PrivacyErased = z.infer<typeof privacyErasedSchema>;

/** A booking that stops an erasure until it is cancelled or has taken place. */
export const privacyBlockingSchema = z.object({ workshop: z.string(), workshop_date: when, status: z.string() });

/** POST /api/privacy/requests/confirm: the confirmed request's answer. */
export const privacyConfirmResultSchema = z.union([
  z.object({ kind: z.literal('export'), export: privacyExportSchema }),
  z.object({ kind: z.literal('erasure'), outcome: z.literal('erased'), held: z.boolean(), erased: privacyErasedSchema, kept: z.array(z.string()) }),
  z.object({ kind: z.literal('erasure'), outcome: z.literal('blocked'), blocking: z.array(privacyBlockingSchema) }),
]);
export type PrivacyConfirmResult = z.infer<typeof privacyConfirmResultSchema>;

/** How a request ended, as the admins' list shows it. */
export const PRIVACY_OUTCOMES = ['exported', 'erased', 'nothing_held', 'blocked'] as const;
export const PRIVACY_OUTCOME_LABELS: Record<(typeof PRIVACY_OUTCOMES)[number], string> = {
  exported: 'Exported',
  erased: 'Erased',
  nothing_held: 'Nothing held',
  blocked: 'Stopped: a booking still to come',
};

/** One request in the owners' list (issue 27, point 3). */
export const privacyRequestRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** The person from their inbox, or an owner on their behalf. */
  via: z.enum(['person', 'admin']),
  received_at: when,
  confirmed_at: when.nullable(),
  completed_at: when.nullable(),
  outcome: z.enum(PRIVACY_OUTCOMES).nullable(),
  requested_by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PrivacyRequestRow = z.infer<typeof privacyRequestRowSchema>;
export const privacyRequestListSchema = z.object({ items: z.array(privacyRequestRowSchema) });
export type PrivacyRequestList = z.infer<typeof privacyRequestListSchema>;

/** POST /api/admin/privacy/requests: an owner runs a request for a person who asked another way. */
export const privacyOnBehalfInputSchema = z
  .object({
    email: emailField,
    kind: z.enum(PRIVACY_REQUEST_KINDS, { error: 'Choose what you are asking for' }),
    reason: z.string({ error: 'Say who asked, and how' }).trim().min(1, 'Say who asked, and how').max(500, 'Keep the reason under 500 characters'),
  })
  .strict();
export type PrivacyOnBehalfInput = z.infer<typeof privacyOnBehalfInputSchema>;
export const privacyOnBehalfResultSchema = z.object({ id: z.string(), result: privacyConfirmResultSchema });
export type PrivacyOnBehalfResult = z.infer<typeof privacyOnBehalfResultSchema>;

/** What the retention job's next run would do (issue 27, point 1): rows per kind now past their period. */
export const retentionCountsSchema = z.object({
  registrations: z.number(),
  /** Bookings an owner cleared, kept as records for the figures and late payments. */
  cleared_bookings: z.number(),
  seats: z.number(),
  emails: z.number(),
  interests: z.number(),
  video_leads: z.number(),
  revive: z.number(),
  waitlist: z.number(),
  checkout_follow_ups: z.number(),
  /** Emails no booking holds (a cleared booking's, a waitlist place's, a question's answer), past the shorter period. */
  unlinked_emails: z.number(),
  /** Bookings whose payment records and invoices are past the payment period: deleted. */
  payment_records: z.number(),
  /** Payments, provider messages and invoices no booking holds (a cleared booking's, an unknown order's) past it. */
  unattributed_payments: z.number(),
});
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;
export const retentionPreviewSchema = z.object({ periods: z.object({ registration_years: z.number(), lead_years: z.number(), payment_years: z.number() }), due: retentionCountsSchema, last_run_at: when.nullable() });
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;
