import { z } from 'zod';
import { INTEREST_SOURCES } from '../constants';
import { interestStatusSchema } from './interest.schema';
import { paymentMethodSchema, registrationStatusSchema } from './registration.schema';
import { siteMaintenanceSchema } from './settings.schema';

/** Response shapes of the HTTP API. Rows never leave the server unshaped (STYLE.md). */
export const workshopSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  duration_hours: z.number(),
  price_usd_cents: z.number(),
  max_participants: z.number().nullable(),
  is_active: z.boolean(),
  registration_open: z.boolean(),
  created_at: z.string(),
});
export type Workshop = z.infer<typeof workshopSchema>;

export const publicWorkshopSchema = workshopSchema.extend({
  /** null = unlimited. */
  seats_left: z.number().nullable(),
});
export type PublicWorkshop = z.infer<typeof publicWorkshopSchema>;

export const adminWorkshopSchema = workshopSchema.extend({
  seats_taken: z.number(),
  completed_count: z.number(),
});
export type AdminWorkshop = z.infer<typeof adminWorkshopSchema>;

export const registrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  workshop_id: z.string(),
  workshop_title: z.string(),
  access_id: z.string(),
  payment_id: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  payment_method: paymentMethodSchema.nullable(),
  status: registrationStatusSchema,
  /** Why a registration is not (or no longer) completed, e.g. 'refund_pending'; null when completed normally. */
  status_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const interestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  source: z.enum(INTEREST_SOURCES),
  status: interestStatusSchema,
  created_at: z.string(),
});
export type Interest = z.infer<typeof interestSchema>;

export const reviveEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  source: z.enum(['admin', 'abandoned_checkout']),
  created_at: z.string(),
});
export type ReviveEntry = z.infer<typeof reviveEntrySchema>;

export const listResponseSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });
export type ListResponse<T> = { items: T[]; total: number };

export const registrationSummarySchema = z.object({
  total: z.number(),
  completed: z.number(),
  revenue_cents: z.number(),
  today: z.number(),
});
export type RegistrationSummary = z.infer<typeof registrationSummarySchema>;
export type RegistrationList = ListResponse<Registration> & { summary: RegistrationSummary };

export const interestSummarySchema = z.object({ total: z.number(), interested: z.number(), today: z.number() });
export type InterestSummary = z.infer<typeof interestSummarySchema>;
export type InterestList = ListResponse<Interest> & { summary: InterestSummary };

export const reviveSummarySchema = z.object({ total: z.number(), today: z.number() });
export type ReviveSummary = z.infer<typeof reviveSummarySchema>;
export type ReviveList = ListResponse<ReviveEntry> & { summary: ReviveSummary };

export const dashboardSchema = z.object({
  total_registrations: z.number(),
  today_registrations: z.number(),
  /** Sum of every registration's amount, whatever its status (SPEC §9), in cents. */
  total_revenue_cents: z.number(),
  active_workshops: z.number(),
  upcoming_workshops: z.number(),
  recent_registrations: z.array(registrationSchema),
  daily: z.array(z.object({ date: z.string(), registrations: z.number(), revenue_cents: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const bookingSummarySchema = z.object({
  access_id: z.string(),
  name: z.string(),
  email: z.string(),
  workshop_title: z.string(),
  workshop_date: z.string(),
  duration_hours: z.number(),
  payment_method: paymentMethodSchema.nullable(),
  status: registrationStatusSchema,
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

export const siteStateSchema = z.object({ maintenance: siteMaintenanceSchema });
export type SiteState = z.infer<typeof siteStateSchema>;

export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), role: z.literal('admin') });
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const loginResponseSchema = z.object({ user: sessionUserSchema, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'sold_out',
  'registration_closed',
  'rate_limited',
  'maintenance',
  'payment_failed',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const checkoutPaypalResponseSchema = z.object({ approval_url: z.string() });
export const checkoutRazorpayResponseSchema = z.object({
  key_id: z.string(),
  order: z.object({ id: z.string(), amount: z.number(), currency: z.string() }),
});
export const razorpayVerifyResponseSchema = z.object({ access_id: z.string() });
