import { z } from 'zod';
import { LIMITS, SETTING_KEYS } from '../constants';
import { DEFAULT_REFUND_POLICY } from '../refund-policy';
import { storableText } from '../text';

export const siteMaintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z.string().refine(...storableText('message')).trim().max(LIMITS.maintenanceMessage, 'Message must be 500 characters or less'),
});

export const registrationLimitSchema = z.object({
  enabled: z.boolean(),
  max_registrations: z
    .number({ error: 'Maximum registrations must be a number' })
    .int('Maximum registrations must be a whole number')
    .min(LIMITS.registrationLimitMin, 'Maximum registrations must be at least 1'),
});

export const emailNotificationsSchema = z.object({
  enabled: z.boolean(),
  admin_email: z.union([z.literal(''), z.email('Invalid email address').max(LIMITS.email, 'Email must be less than 255 characters')]),
});

/** The cancellation policy's fee (the refund-policy page and every cancellation read it). */
export const refundPolicySchema = z.object({
  min_fee_cents: z.number({ error: 'Minimum fee must be a number of cents' }).int('Minimum fee must be a whole number of cents').min(0, 'Minimum fee must be 0 or more'),
  fee_percent: z.number({ error: 'Fee percentage must be a number' }).min(0, 'Fee percentage must be between 0 and 100').max(100, 'Fee percentage must be between 0 and 100'),
});
const LINK_MESSAGE = 'Enter a full link starting with https://';
/** An optional public link: empty (the control is hidden), or a full http(s) address. */
const linkField = z
  .string({ error: LINK_MESSAGE })
  .trim()
  .max(LIMITS.link, 'Links must be 500 characters or less')
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), LINK_MESSAGE);

/** Where the site's community and social buttons go; a control whose link is empty is not shown. */
export const siteLinksSchema = z.object({
  whatsapp_url: linkField,
  discord_url: linkField,
  demo_video_url: linkField,
  twitter_url: linkField,
  linkedin_url: linkField,
  youtube_url: linkField,
  instagram_url: linkField,
});
export type SiteLinks = z.infer<typeof siteLinksSchema>;

/** Checkout recovery: one follow-up email to a buyer who left a checkout unpaid, after this delay. */
export const checkoutRecoverySchema = z.object({
  enabled: z.boolean(),
  delay_minutes: z
    .number({ error: 'Delay must be a number of minutes' })
    .int('Delay must be a whole number of minutes')
    .min(LIMITS.recoveryDelayMin, 'Delay must be between 5 minutes and 7 days')
    .max(LIMITS.recoveryDelayMax, 'Delay must be between 5 minutes and 7 days'),
});

/** How long a seat offered to the next person on a waitlist stays held for them. */
export const waitlistSettingsSchema = z.object({
  offer_hours: z
    .number({ error: 'Offer time must be a number of hours' })
    .int('Offer time must be a whole number of hours')
    .min(1, 'Offer time must be at least 1 hour')
    .max(168, 'Offer time must be 168 hours (7 days) or less'),
});

/** Admin sign-in rules (issue 24): `enabled`, two-factor required of every admin; and how long an unused session lasts. */
export const adminSecuritySchema = z.object({
  enabled: z.boolean({ error: 'Choose on or off' }),
  idle_hours: z
    .number({ error: 'Enter a number of hours' })
    .int('Enter a whole number of hours')
    .min(1, 'Sessions must last at least 1 hour unused')
    .max(168, 'Sessions may last at most 168 hours (7 days) unused'),
});

const years = (what: string, min: number) =>
  z
    .number({ error: `Enter a number of years for ${what}` })
    .int(`Enter a whole number of years for ${what}`)
    .min(min, `Keep ${what} at least ${min} ${min === 1 ? 'year' : 'years'}`)
    .max(20, `Keep ${what} at most 20 years`);

/**
 * How long data is kept (issue 27, point 1; SPEC §9's periods are the defaults): a booking's
 * personal data, counted from its workshop's date; questions, preview leads, waitlist places and
 * follow-ups, from their last change; payment records and invoices, from the workshop's date and
 * their own last money movement, never less than the law's 7 years.
 */
export const retentionSchema = z.object({
  registration_years: years('registration data', 1),
  lead_years: years('questions and leads', 1),
  payment_years: years('payment records and invoices', 7),
});

export const settingSchemas = {
  site_maintenance: siteMaintenanceSchema,
  registration_limit: registrationLimitSchema,
  email_notifications: emailNotificationsSchema,
  refund_policy: refundPolicySchema,
  site_links: siteLinksSchema,
  checkout_recovery: checkoutRecoverySchema,
  waitlist: waitlistSettingsSchema,
  admin_security: adminSecuritySchema,
  retention: retentionSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };

export const settingKeySchema = z.enum(SETTING_KEYS, {
  error: 'Unknown setting',
});

export const DEFAULT_SETTINGS: Settings = {
  site_maintenance: { enabled: false, message: 'We are performing scheduled maintenance. Please check back soon.' },
  registration_limit: { enabled: false, max_registrations: 100 },
  email_notifications: { enabled: false, admin_email: '' },
  refund_policy: DEFAULT_REFUND_POLICY,
  site_links: { whatsapp_url: '', discord_url: '', demo_video_url: '', twitter_url: '', linkedin_url: '', youtube_url: '', instagram_url: '' },
  checkout_recovery: { enabled: true, delay_minutes: 60 },
  waitlist: { offer_hours: 12 },
  admin_security: { enabled: false, idle_hours: 12 },
  retention: { registration_years: 3, lead_years: 3, payment_years: 7 },
};

/**
 * SPEC §5: a non-numeric maximum becomes 0, which then fails the min-1 rule. A fraction stays a
 * fraction, so '12.5' is refused as not whole instead of being saved as 12.
 */
export function parseMaxRegistrations(raw: string): number {
  const text = raw.trim();
  const n = Number(text);
  return text === '' || Number.isNaN(n) ? 0 : n;
}
