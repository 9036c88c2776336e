import { z } from 'zod';
import { storableText } from '../text';
import { emailField, nameField } from './fields';
import { MESSAGES } from './registration.schema';

export const TRANSFER_MESSAGES = {
  closed: 'Transfers close 24 hours before the workshop starts.',
  same: 'This booking is already theirs: enter the details of the person you are giving it to.',
  team: 'This booking has several seats: give each seat to someone under Seats instead.',
  notActive: 'Only a confirmed booking can be transferred.',
  reason: 'Give a reason for the transfer',
  ownCheckout: 'They have a checkout or a waitlist offer of their own for this workshop: they can finish that one instead.',
} as const;

/** POST /api/booking/:token/transfer: who the seat goes to (the booking form's own rules). */
export const transferInputSchema = z.object({
  name: nameField,
  email: emailField,
  phone: z.string({ error: MESSAGES.fillAllFields }).refine(...storableText('phone')).trim().min(1, MESSAGES.fillAllFields).regex(/^\d{10}$/, MESSAGES.invalidPhone),
});
export type TransferInput = z.input<typeof transferInputSchema>;

/** POST /api/admin/registrations/:id/transfer: the same, with why (kept in the activity log). */
export const adminTransferInputSchema = transferInputSchema.extend({
  reason: z.string({ error: TRANSFER_MESSAGES.reason }).trim().min(1, TRANSFER_MESSAGES.reason).max(500, 'Reason must be 500 characters or less'),
});
export type AdminTransferInput = z.input<typeof adminTransferInputSchema>;
