import { z } from 'zod';
import { INTEREST_SOURCES } from '../constants';
import { interestStatusSchema } from './interest.schema';
import { adminRoleSchema } from './admins.schema';
import { attendanceSummarySchema } from './attendance.schema';
import { BY_HAND_PAYMENTS } from './booking-by-hand.schema';
import { paymentMethodSchema, registrationStatusSchema } from './registration.schema';
import { recoveryStateSchema } from './sales.schema';
import { refundPolicySchema, siteMaintenanceSchema } from './settings.schema';

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
  /** 'cancelled': called off by the organiser (when and why below), for good. */
  status: z.enum(['scheduled', 'cancelled']),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
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
  join_url: z.string().nullable(),
  join_passcode: z.string().nullable(),
  materials_url: z.string().nullable(),
  recording_url: z.string().nullable(),
  /** Every registration row, whatever its status: a workshop with any cannot be deleted. */
  registrations_count: z.number(),
  /** Who came, once the join link has opened (before that, and for a cancelled workshop, null). */
  attendance: attendanceSummarySchema.nullable(),
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
  /** The promo code the price came from, and what it took off (cents); null and 0 without one. */
  promo_code: z.string().nullable(),
  discount_cents: z.number(),
  created_at: z.string(),
  /** The landing URL's campaign parameters, kept through checkout (null when absent). */
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_term: z.string().nullable(),
  utm_content: z.string().nullable(),
  /** Seats the order holds now, of those it paid for (team bookings: 1 to 10). */
  seats: z.number(),
  seats_bought: z.number(),
  /** Who sits in each seat, in order (the admin list's expanded row; a seat not named yet has no name). */
  attendees: z.array(z.object({ id: z.string(), position: z.number(), name: z.string().nullable(), email: z.string().nullable(), status: z.enum(['active', 'cancelled']) })),
  /** A booking an admin added by hand: complimentary, or paid outside the site; null for one bought here. */
  by_hand_payment: z.enum(BY_HAND_PAYMENTS).nullable().optional(),
  by_hand_note: z.string().nullable().optional(),
  /** What an admin recorded as given back by hand (bank transfer, cash) of a booking paid outside the site. */
  by_hand_refunded_cents: z.number().optional(),
  /** Who paid outside the site (a seat handed on keeps its payer). */
  by_hand_payer_name: z.string().nullable().optional(),
  by_hand_payer_email: z.string().nullable().optional(),
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
  /** The checkout-recovery follow-up for this person and workshop (abandoned checkouts only). */
  recovery: recoveryStateSchema.nullable(),
});
export type ReviveEntry = z.infer<typeof reviveEntrySchema>;

/** A preview-gate lead; the workshop is null when none was previewed or it was deleted since. */
export const adminVideoLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  workshop_id: z.string().nullable(),
  workshop_title: z.string().nullable(),
  created_at: z.string(),
});
export type AdminVideoLead = z.infer<typeof adminVideoLeadSchema>;

export const listResponseSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });
export type ListResponse<T> = { items: T[]; total: number };

/** Every distinct address of a list's current filter (not just the page shown), for Email All. */
export const emailListSchema = z.object({ emails: z.array(z.string()) });
export type EmailList = z.infer<typeof emailListSchema>;

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

export const videoLeadSummarySchema = z.object({ total: z.number(), today: z.number(), with_workshop: z.number() });
export type VideoLeadSummary = z.infer<typeof videoLeadSummarySchema>;
export type VideoLeadList = ListResponse<AdminVideoLead> & { summary: VideoLeadSummary };

export const reviveSummarySchema = z.object({ total: z.number(), today: z.number() });
export type ReviveSummary = z.infer<typeof reviveSummarySchema>;
export type ReviveList = ListResponse<ReviveEntry> & { summary: ReviveSummary };

/** One workshop's money on the dashboard, summed by registration status on the server. */
export const workshopRevenueSchema = z.object({
  workshop_id: z.string(),
  title: z.string(),
  date: z.string(),
  completed: z.number(),
  /** Completed bookings' money the providers collected; bookings paid outside the site are `offline_cents`. */
  collected_cents: z.number(),
  offline_cents: z.number(),
  pending_cents: z.number(),
  refunded_cents: z.number(),
});
export type WorkshopRevenue = z.infer<typeof workshopRevenueSchema>;

export const dashboardSchema = z.object({
  total_registrations: z.number(),
  today_registrations: z.number(),
  /** Sum of every registration's amount, whatever its status (SPEC §9), in cents. */
  total_revenue_cents: z.number(),
  /** The honest split of that sum: money received (completed), awaited (pending), given back (refunded). */
  collected_cents: z.number(),
  /** Completed bookings an admin added by hand as paid outside the site (bank transfer, cash): never through a provider. */
  offline_cents: z.number(),
  pending_cents: z.number(),
  /** What the providers gave back; `offline_refunded_cents` is what admins recorded giving back by hand for offline bookings. */
  refunded_cents: z.number(),
  offline_refunded_cents: z.number(),
  revenue_by_workshop: z.array(workshopRevenueSchema),
  active_workshops: z.number(),
  upcoming_workshops: z.number(),
  recent_registrations: z.array(registrationSchema),
  daily: z.array(z.object({ date: z.string(), registrations: z.number(), revenue_cents: z.number() })),
  /** Each promo code's completed uses and the discount they were given. */
  promo_codes: z.array(z.object({ id: z.string(), code: z.string(), uses: z.number(), max_uses: z.number().nullable(), discount_cents: z.number() })),
  /** The last workshops that ended (newest first) and what their attendees thought: the average of 1 to 5, from how many. */
  feedback: z.array(z.object({ workshop_id: z.string(), title: z.string(), date: z.string(), count: z.number(), average: z.number().nullable() })),
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

/** The card flow's verify answer: the seat (an access id), or money received that the provider is still confirming. */
export const cardVerifyResultSchema = z.union([z.object({ access_id: z.string() }), z.object({ status: z.literal('processing'), message: z.string() })]);
export type CardVerifyResult = z.infer<typeof cardVerifyResultSchema>;

/** GET /api/site: the public switches, and the cancellation fee the refund-policy page states. */
export const siteStateSchema = z.object({ maintenance: siteMaintenanceSchema, refund_policy: refundPolicySchema });
export type SiteState = z.infer<typeof siteStateSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  /** The owners require two-factor sign-in and this admin has not set it up: nothing else works until they do. */
  must_set_up_two_factor: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
/** `token` only for a login that says `client: 'desktop'`; the web admin has the httpOnly cookie instead. */
export const loginResponseSchema = z.union([
  z.object({ user: sessionUserSchema, token: z.string().optional() }),
  /** The password was right and the admin has two-factor sign-in on: the code comes next (POST /api/auth/login/two-factor). */
  z.object({
    two_factor_required: z.literal(true),
    challenge: z.string(),
    /** What this admin can answer with: an authenticator app (or a recovery code), a passkey. */
    methods: z.array(z.enum(['totp', 'passkey'])),
    /** The site's page where a browser signs in with a passkey for the desktop app (null without passkeys). */
    passkey_url: z.string().nullable(),
  }),
]);
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
  'unavailable',
  'payment_failed',
  /** A promo code that cannot be used (unknown, expired, exhausted...): the message says which. */
  'promo_invalid',
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
