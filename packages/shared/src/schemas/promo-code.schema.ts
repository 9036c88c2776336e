import { z } from 'zod';
import { LIMITS } from '../constants';

/** What buyers and admins read about promo codes; the server answers with these words. */
export const PROMO_MESSAGES = {
  invalidFormat: 'Enter a valid promo code.',
  unknown: 'This promo code does not exist.',
  inactive: 'This promo code is no longer active.',
  notStarted: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  exhausted: 'This promo code has already been used the maximum number of times.',
  wrongWorkshop: 'This promo code does not apply to this workshop.',
  // Admin form
  code: 'Code must be 3 to 32 letters, digits, - or _',
  codeTaken: 'A promo code with this code already exists.',
  used: 'This code has been used: switch it off instead of deleting it.',
  codeFixed: 'A code cannot be renamed; create a new code instead.',
  kind: "Kind must be 'percent' or 'fixed'",
  value: 'Value must be a whole number',
  percent: 'Percent must be a whole number from 1 to 100',
  fixed: 'Amount must be a whole number of cents, at least 1',
  fixedTooHigh: 'Amount must be at most $999,999.99',
  dateInvalid: 'Enter a valid date and time',
  endBeforeStart: 'End must be after start',
  maxUses: 'Maximum uses must be a whole number, at least 1, or empty for unlimited',
  workshop: 'Choose an existing workshop, or none for all workshops',
  notFound: 'Promo code not found',
} as const;

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Codes are kept upper case, so buyers may type them in any case. */
export const promoCodeField = z
  .string({ error: PROMO_MESSAGES.invalidFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, PROMO_MESSAGES.invalidFormat);

/** An optional code in a checkout body: empty means none. */
export const optionalPromoCodeField = z
  .string({ error: PROMO_MESSAGES.invalidFormat })
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(promoCodeField.optional())
  .optional();

const when = z.iso
  .datetime({ offset: true, error: PROMO_MESSAGES.dateInvalid })
  .refine((v) => Date.parse(v) >= 0 && Date.parse(v) < Date.UTC(10000, 0, 1), PROMO_MESSAGES.dateInvalid)
  .nullable();

const fields = {
  kind: z.enum(PROMO_KINDS, { error: PROMO_MESSAGES.kind }),
  value: z.number({ error: PROMO_MESSAGES.value }).int(PROMO_MESSAGES.value),
  workshop_id: z.uuid(PROMO_MESSAGES.workshop).nullable(),
  starts_at: when,
  ends_at: when,
  max_uses: z.number({ error: PROMO_MESSAGES.maxUses }).int(PROMO_MESSAGES.maxUses).min(1, PROMO_MESSAGES.maxUses).max(1_000_000, PROMO_MESSAGES.maxUses).nullable(),
  active: z.boolean(),
};

type Shape = { kind?: PromoKind; value?: number; starts_at?: string | null; ends_at?: string | null };

/** Value and dates checked together: a percent is 1–100, a fixed amount is cents, the end after the start. */
function checkTogether(v: Shape, ctx: z.RefinementCtx) {
  if (v.kind !== undefined && v.value !== undefined) {
    if (v.kind === 'percent' && (v.value < 1 || v.value > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: PROMO_MESSAGES.percent });
    if (v.kind === 'fixed' && v.value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: PROMO_MESSAGES.fixed });
    if (v.kind === 'fixed' && v.value > LIMITS.priceMaxCents) ctx.addIssue({ code: 'custom', path: ['value'], message: PROMO_MESSAGES.fixedTooHigh });
  }
  if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: PROMO_MESSAGES.endBeforeStart });
}

/** POST /api/admin/promo-codes. */
export const promoCodeCreateSchema = z
  .object({
    code: z.string({ error: PROMO_MESSAGES.code }).trim().toUpperCase().regex(/^[A-Z0-9_-]{3,32}$/, PROMO_MESSAGES.code),
    ...fields,
    workshop_id: fields.workshop_id.optional().default(null),
    starts_at: fields.starts_at.optional().default(null),
    ends_at: fields.ends_at.optional().default(null),
    max_uses: fields.max_uses.optional().default(null),
    active: fields.active.optional().default(true),
  })
  .superRefine(checkTogether);
export type PromoCodeCreateInput = z.input<typeof promoCodeCreateSchema>;

/** PATCH /api/admin/promo-codes/:id: any field but the code itself (registrations show the code they used). */
export const promoCodePatchSchema = z
  .object({ code: z.never({ error: PROMO_MESSAGES.codeFixed }).optional(), ...fields })
  .partial()
  .superRefine(checkTogether);
export type PromoCodePatchInput = z.input<typeof promoCodePatchSchema>;

export const promoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  workshop_id: z.string().nullable(),
  workshop_title: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().nullable(),
  active: z.boolean(),
  /** Completed registrations that used it, and what they were given off. */
  uses: z.number(),
  discount_cents: z.number(),
  /** No checkout ever carried it (held, paid, cancelled or archived): it may be deleted. */
  deletable: z.boolean(),
  created_at: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** GET /api/promo-codes/:code?workshop_id=: the price this code gives, computed by the server. */
export const promoPreviewSchema = z.object({
  code: z.string(),
  workshop_id: z.string(),
  price_cents: z.number(),
  discount_cents: z.number(),
  amount_cents: z.number(),
});
export type PromoPreview = z.infer<typeof promoPreviewSchema>;

/** A checkout the code made free: booked at once, no provider; the browser goes to `redirect_url`. */
export const freeCheckoutResponseSchema = z.object({ status: z.literal('completed'), access_id: z.string(), redirect_url: z.string() });
export type FreeCheckoutResponse = z.infer<typeof freeCheckoutResponseSchema>;

/** The discount a code gives on a price, in whole cents: never more than the price. */
export function promoDiscount(priceCents: number, kind: PromoKind, value: number): number {
  const off = kind === 'percent' ? Math.round((priceCents * value) / 100) : value;
  return Math.max(0, Math.min(priceCents, off));
}
