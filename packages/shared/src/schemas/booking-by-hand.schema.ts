import { z } from 'zod';
import { storableText } from '../text';
import { emailField, nameField } from './fields';
import { MESSAGES } from './registration.schema';

/** How a booking an admin adds by hand was paid: not at all, or outside the site (bank transfer, cash). */
export const BY_HAND_PAYMENTS = ['complimentary', 'offline'] as const;
export type ByHandPayment = (typeof BY_HAND_PAYMENTS)[number];

export const BY_HAND_LABELS: Record<ByHandPayment, string> = {
  complimentary: 'Complimentary',
  offline: 'Paid outside the site',
};

/** The most an offline payment may record, in cents ($100,000): a typo of extra zeros is refused, not booked. */
export const BY_HAND_MAX_CENTS = 10_000_000;

export const BY_HAND_MESSAGES = {
  payment: 'Choose complimentary or paid outside the site',
  amount: 'Amount must be a whole number of cents',
  complimentaryAmount: 'A complimentary seat is free: leave the amount at 0.',
  offlineAmount: 'Enter the amount paid outside the site.',
  tooMuch: 'That amount is too large for one seat.',
  note: 'Note must be 500 characters or less',
  workshop: 'Choose the workshop',
  noSeats: 'This workshop has no seats left.',
  /** The buyer's own cancel of a booking whose money never went through the site. */
  buyerCancel: 'This booking was paid outside the site, so it cannot be cancelled here. Reply to your confirmation email and we will sort it out.',
  /** A goodwill refund needs a provider payment to refund from. */
  noProviderPayment: 'This booking was not paid through the site: cancel it and record what you gave back instead.',
  refundTooMuch: 'The refund cannot be more than what was paid for this booking.',
  editNothing: 'Change the name, email or phone.',
  editNotActive: 'Only a confirmed booking can be edited.',
  editOpenCheckout: 'This person has another checkout for this workshop that may still be paid: change their email once it has ended.',
} as const;

const phoneField = z.string({ error: MESSAGES.fillAllFields }).refine(...storableText('phone')).trim().regex(/^\d{10}$/, MESSAGES.invalidPhone);

/** POST /api/admin/registrations: a booking added by hand, one seat, for a workshop with a seat left. */
export const adminAddBookingInputSchema = z
  .object({
    workshop_id: z.uuid(BY_HAND_MESSAGES.workshop),
    name: nameField,
    email: emailField,
    // Someone booked in person may have given no phone.
    phone: z.union([z.literal(''), phoneField]).default(''),
    payment: z.enum(BY_HAND_PAYMENTS, { error: BY_HAND_MESSAGES.payment }),
    amount_cents: z.number({ error: BY_HAND_MESSAGES.amount }).int(BY_HAND_MESSAGES.amount).min(0, BY_HAND_MESSAGES.amount).max(BY_HAND_MAX_CENTS, BY_HAND_MESSAGES.tooMuch).default(0),
    note: z.string().refine(...storableText('note')).trim().max(500, BY_HAND_MESSAGES.note).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.payment === 'complimentary' && v.amount_cents !== 0) ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: BY_HAND_MESSAGES.complimentaryAmount });
    if (v.payment === 'offline' && v.amount_cents < 1) ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: BY_HAND_MESSAGES.offlineAmount });
  });
export type AdminAddBookingInput = z.input<typeof adminAddBookingInputSchema>;

/** PATCH /api/admin/registrations/:id: the buyer's details corrected (any of them). */
export const adminEditBookingInputSchema = z
  .object({ name: nameField, email: emailField, phone: z.union([z.literal(''), phoneField]) })
  .partial()
  .refine((v) => v.name !== undefined || v.email !== undefined || v.phone !== undefined, { message: BY_HAND_MESSAGES.editNothing });
export type AdminEditBookingInput = z.input<typeof adminEditBookingInputSchema>;

/**
 * POST /api/admin/registrations/:id/correct-email: an email that did not arrive (`email_message_id`,
 * the buyer's or an attendee's seat's) is sent again, to the address given (corrected, or the same
 * one when the mailbox was only full). Refused when the booking or seat has another address by
 * now (a transfer, a rename): the admin decided about the address that bounced, not the new one.
 */
export const correctEmailInputSchema = z.object({ email: emailField, email_message_id: z.uuid('Choose the email to send again') });
export type CorrectEmailInput = z.infer<typeof correctEmailInputSchema>;

export const EMAIL_CORRECTION_MESSAGES = {
  notActive: 'Only a confirmed booking has a confirmation to send again.',
  buyersSeat: "This seat is the buyer's: correct the booking's email instead.",
  noSuchEmail: 'No such email was sent for this booking.',
  changed: 'This booking changed a moment ago (its address is not the one that bounced). Please check it and try again.',
} as const;
