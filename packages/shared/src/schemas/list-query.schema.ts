import { z } from 'zod';
import { LIMITS } from '../constants';
import { storableText } from '../text';
import { interestStatusSchema } from './interest.schema';
import { registrationStatusSchema } from './registration.schema';

const page = z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').default(1);
const pageSize = z.coerce
  .number()
  .int('Page size must be a whole number')
  .min(1, 'Page size must be at least 1')
  .max(LIMITS.pageSizeMax, 'Page size must be at most 200')
  .default(25);
const q = z.string().refine(...storableText('q')).trim().max(LIMITS.search, 'Search must be less than 200 characters').default('');
/** 'all' (the UI's 'All Status') and an absent status mean the same thing. */
const allOr = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === 'all' || v === '' ? undefined : v), s.optional());

export const registrationListQuerySchema = z.object({ q, status: allOr(registrationStatusSchema), workshop_id: allOr(z.uuid('Unknown workshop')), page, pageSize });
export type RegistrationListQuery = z.input<typeof registrationListQuerySchema>;

export const interestListQuerySchema = z.object({ q, status: allOr(interestStatusSchema), page, pageSize });
export type InterestListQuery = z.input<typeof interestListQuerySchema>;

export const reviveListQuerySchema = z.object({ q, page, pageSize });
export const activityListQuerySchema = z.object({ page, pageSize });
export type ReviveListQuery = z.input<typeof reviveListQuerySchema>;

/** Video leads have no status: the search covers name, email and the previewed workshop's title. */
export const videoLeadListQuerySchema = z.object({ q, page, pageSize });
export type VideoLeadListQuery = z.input<typeof videoLeadListQuerySchema>;

export const reviveCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).refine(...storableText('name')).trim().min(1, 'Name is required').max(LIMITS.name, 'Name must be less than 100 characters'),
  email: z.union([z.literal(''), z.email('Invalid email address').max(LIMITS.email, 'Email must be less than 255 characters')]).default(''),
});
export type ReviveCreateInput = z.input<typeof reviveCreateSchema>;
