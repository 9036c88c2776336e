import { z } from 'zod';
import { DEFAULT_PRICE_CENTS, LIMITS } from '../constants';
import { storableText } from '../text';

export const WORKSHOP_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 200 characters',
  descriptionTooLong: 'Description must be less than 5000 characters',
  dateInvalid: 'Enter a valid date and time',
  duration: 'Duration must be between 1 and 24 hours',
  price: 'Price must be 0 cents or more',
  priceTooHigh: 'Price must be at most $999,999.99',
  maxParticipants: 'Max participants must be at least 1, or empty for unlimited',
  joinUrl: 'Join link must be a full https:// or http:// address',
  passcode: 'Passcode must be 100 characters or less',
  materialsUrl: 'Materials link must be a full https:// or http:// address',
  recordingUrl: 'Recording link must be a full https:// or http:// address',
  maxParticipantsTooHigh: 'Max participants must be 100,000 or fewer',
} as const;

/** An optional link: empty means none. */
const optionalLink = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .transform((v) => (v === '' ? null : v))
    .pipe(z.url({ protocol: /^https?$/, error: message }).nullable())
    .nullable();

const wholeNumber = (message: string) => z.number({ error: message }).int(message);

/** Every editable workshop field with SPEC §5's limits; the server re-checks them in the database. */
export const workshopFieldsSchema = z.object({
  title: z.string({ error: WORKSHOP_MESSAGES.titleRequired }).refine(...storableText('title')).trim().min(1, WORKSHOP_MESSAGES.titleRequired).max(LIMITS.workshopTitle, WORKSHOP_MESSAGES.titleTooLong),
  description: z.string().refine(...storableText('description')).trim().max(LIMITS.workshopDescription, WORKSHOP_MESSAGES.descriptionTooLong),
  date: z.iso
    .datetime({ offset: true, error: WORKSHOP_MESSAGES.dateInvalid })
    // Years 1970 to 9999: what the database's timestamps and every client's Date can hold.
    .refine((v) => {
      const t = Date.parse(v);
      return t >= 0 && t < Date.UTC(10000, 0, 1);
    }, WORKSHOP_MESSAGES.dateInvalid),
  duration_hours: wholeNumber(WORKSHOP_MESSAGES.duration).min(LIMITS.durationMin, WORKSHOP_MESSAGES.duration).max(LIMITS.durationMax, WORKSHOP_MESSAGES.duration),
  price_usd_cents: wholeNumber(WORKSHOP_MESSAGES.price).min(0, WORKSHOP_MESSAGES.price).max(LIMITS.priceMaxCents, WORKSHOP_MESSAGES.priceTooHigh),
  max_participants: wholeNumber(WORKSHOP_MESSAGES.maxParticipants)
    .min(1, WORKSHOP_MESSAGES.maxParticipants)
    .max(LIMITS.maxParticipantsMax, WORKSHOP_MESSAGES.maxParticipantsTooHigh)
    .nullable(),
  is_active: z.boolean(),
  registration_open: z.boolean(),
  /** Where the workshop happens: only ever shown to holders of a completed booking, when due. */
  join_url: optionalLink(WORKSHOP_MESSAGES.joinUrl),
  join_passcode: z
    .string({ error: WORKSHOP_MESSAGES.passcode })
    .trim()
    .max(100, WORKSHOP_MESSAGES.passcode)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  materials_url: optionalLink(WORKSHOP_MESSAGES.materialsUrl),
  /** Sent to every attendee after the workshop, through a personal link that works for 30 days. */
  recording_url: optionalLink(WORKSHOP_MESSAGES.recordingUrl),
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
    join_url: null as string | null,
    join_passcode: null as string | null,
    materials_url: null as string | null,
    recording_url: null as string | null,
  };
}
