import { z } from 'zod';
import { PAYMENT_METHODS, REGISTRATION_STATUSES } from '../constants';
import { storableText } from '../text';
import { emailField, nameField } from './fields';
import { utmSchema } from './sales.schema';
import { optionalPromoCodeField } from './promo-code.schema';
import { checkoutSeatsSchema } from './seats.schema';

export const MESSAGES = {
  selectWorkshop: 'Please select a workshop.',
  registrationClosed: 'Registration for this workshop is currently closed.',
  fillAllFields: 'Please fill out all fields.',
  invalidIndianPhone: 'Please enter a valid 10-digit Indian mobile number.',
  invalidPhone: 'Please enter a valid 10-digit phone number.',
} as const;

/** The modal keeps digits only and at most 10 of them (SPEC §5). */
export function normalizePhoneInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 10);
}

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const registrationStatusSchema = z.enum(REGISTRATION_STATUSES, {
  error: `Status must be one of ${REGISTRATION_STATUSES.join(', ')}`,
});
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

const workshopChoice = z.string({ error: MESSAGES.selectWorkshop }).trim().min(1, MESSAGES.selectWorkshop).pipe(z.uuid(MESSAGES.selectWorkshop));

/** The modal's fields plus the chosen workshop (what joining a waitlist asks too). */
export const paypalCheckoutFieldsSchema = z.object({
  workshop_id: workshopChoice,
  name: nameField,
  email: emailField,
  phone: z
    .string({ error: MESSAGES.fillAllFields })
    .refine(...storableText('phone'))
    .trim()
    .min(1, MESSAGES.fillAllFields)
    .regex(/^\d{10}$/, MESSAGES.invalidPhone),
  utm: utmSchema,
  promo_code: optionalPromoCodeField,
});

/** PayPal checkout body: the modal's fields, the chosen workshop, the seats and who sits in them. */
export const paypalCheckoutSchema = paypalCheckoutFieldsSchema.and(checkoutSeatsSchema);
export type PaypalCheckoutInput = z.input<typeof paypalCheckoutSchema>;

/**
 * Card-flow body. The SPEC orders its checks: workshop, open (needs the database, so the
 * server does it between the two stages), all fields present, then the phone rule.
 */
export const cardCheckoutWorkshopSchema = z.object({ workshop_id: workshopChoice });

export const cardCheckoutFieldsSchema = z
  .object({
    name: z.string().refine(...storableText('name')).trim().default(''),
    email: z.string().refine(...storableText('email')).trim().default(''),
    phone: z.string().refine(...storableText('phone')).trim().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.email || !v.phone) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.fillAllFields, path: [!v.name ? 'name' : !v.email ? 'email' : 'phone'] });
      return;
    }
    if (!/^[6-9]\d{9}$/.test(v.phone)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidIndianPhone, path: ['phone'] });
    }
  })
  .pipe(z.object({ name: nameField, email: emailField, phone: z.string() }));

/** Either checkout may carry a promo code; the server prices it, never the client. */
export const checkoutPromoSchema = z.object({ promo_code: optionalPromoCodeField });

export const razorpayCheckoutSchema = cardCheckoutWorkshopSchema.and(
  z.object({ name: z.string().optional(), email: z.string().optional(), phone: z.string().optional(), utm: utmSchema, promo_code: z.string().optional() }),
).and(checkoutSeatsSchema);
export type RazorpayCheckoutInput = z.input<typeof razorpayCheckoutSchema>;

export const razorpayVerifySchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type RazorpayVerifyInput = z.infer<typeof razorpayVerifySchema>;
