import { z } from 'zod';
import { LIMITS, UTM_KEYS } from '../constants';

/** Campaign values are labels from someone else's link: anything beyond plain short text is dropped, never refused. */
const utmValue = z
  .string()
  .transform((v) => [...v].filter((c) => c >= ' ' && c !== '\u007f').join('').trim().slice(0, LIMITS.utmValue))
  .optional()
  .catch(undefined);

/**
 * Where the buyer came from (the landing URL's utm_* parameters), sent with the checkout. A
 * malformed value must never cost a sale, so bad parts become absent instead of an error.
 */
export const utmSchema = z
  .object(Object.fromEntries(UTM_KEYS.map((k) => [k, utmValue])) as Record<(typeof UTM_KEYS)[number], typeof utmValue>)
  .partial()
  .optional()
  .catch(undefined);
export type Utm = NonNullable<z.infer<typeof utmSchema>>;

/** What a checkout-recovery link opens: the registration dialog for the same workshop, filled in. */
export const recoveryPrefillSchema = z.object({
  workshop_id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type RecoveryPrefill = z.infer<typeof recoveryPrefillSchema>;

export const recoveryTokenSchema = z.object({ token: z.string().trim().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.') });

/** A follow-up's state, as the revive list shows it. */
export const recoveryStateSchema = z.object({
  status: z.enum(['scheduled', 'sent', 'skipped']),
  skip_reason: z.string().nullable(),
  sent_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  recovered_at: z.string().nullable(),
  recovered_amount_cents: z.number().nullable(),
});
export type RecoveryState = z.infer<typeof recoveryStateSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');
/** A period of whole days in the admin's time zone, both ends included; the last 30 days by default. */
export const funnelQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The start date must be on or before the end date', path: ['from'] });
export type FunnelQuery = z.input<typeof funnelQuerySchema>;

export const funnelCountsSchema = z.object({
  checkouts_started: z.number(),
  completed: z.number(),
  abandoned: z.number(),
  recovery_emails: z.number(),
  recovered: z.number(),
  refunded: z.number(),
  revenue_cents: z.number(),
  recovered_revenue_cents: z.number(),
  /** completed / checkouts started; null when nothing started. */
  checkout_conversion: z.number().nullable(),
  /** abandoned / checkouts started. */
  abandonment_rate: z.number().nullable(),
  /** recovered / recovery emails sent. */
  recovery_rate: z.number().nullable(),
  /** refunded / (completed + refunded). */
  refund_rate: z.number().nullable(),
});
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;

export const funnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  overall: funnelCountsSchema.extend({ preview_leads: z.number(), interests: z.number() }),
  workshops: z.array(funnelCountsSchema.extend({ workshop_id: z.string(), title: z.string() })),
  sources: z.array(funnelCountsSchema.extend({ source: z.string() })),
});
export type Funnel = z.infer<typeof funnelSchema>;
/** How a checkout with no utm_source is listed by source. */
export const DIRECT_SOURCE = '(direct)';
