import { z } from 'zod';
import { DEFAULT_PRICE_CENTS, LIMITS } from '../constants';

export const WORKSHOP_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 200 characters',
  descriptionTooLong: 'Description must be less than 5000 characters',
  dateInvalid: 'Enter a valid date and time',
  duration: 'Duration must be between 1 and 24 hours',
  price: 'Price must be 0 cents or more',
  maxParticipants: 'Max participants must be at least 1, or empty for unlimited',
} as const;

const wholeNumber = (message: string) => z.number({ error: message }).int(message);

/** Every editable workshop field with SPEC §5's limits; the server re-checks them in the database. */
export const workshopFieldsSchema = z.object({
  title: z.string({ error: WORKSHOP_MESSAGES.titleRequired }).trim().min(1, WORKSHOP_MESSAGES.titleRequired).max(LIMITS.workshopTitle, WORKSHOP_MESSAGES.titleTooLong),
  description: z.string().trim().max(LIMITS.workshopDescription, WORKSHOP_MESSAGES.descriptionTooLong),
  date: z.iso.datetime({ offset: true, error: WORKSHOP_MESSAGES.dateInvalid }),
  duration_hours: wholeNumber(WORKSHOP_MESSAGES.duration).min(LIMITS.durationMin, WORKSHOP_MESSAGES.duration).max(LIMITS.durationMax, WORKSHOP_MESSAGES.duration),
  price_usd_cents: wholeNumber(WORKSHOP_MESSAGES.price).min(0, WORKSHOP_MESSAGES.price),
  max_participants: wholeNumber(WORKSHOP_MESSAGES.maxParticipants).min(1, WORKSHOP_MESSAGES.maxParticipants).nullable(),
  is_active: z.boolean(),
  registration_open: z.boolean(),
});

export const workshopCreateSchema = workshopFieldsSchema.partial().transform((v) => ({ ...workshopDefaults(), ...v }));
export type WorkshopCreateInput = z.input<typeof workshopCreateSchema>;

export const workshopUpdateSchema = workshopFieldsSchema.partial().refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type WorkshopUpdateInput = z.input<typeof workshopUpdateSchema>;

/** SPEC §5 create defaults. */
export function workshopDefaults(now: Date = new Date()) {
  return {
    title: 'New Workshop',
    description: 'Workshop description',
    date: now.toISOString(),
    duration_hours: 2,
    price_usd_cents: DEFAULT_PRICE_CENTS,
    max_participants: null as number | null,
    is_active: true,
    registration_open: true,
  };
}
