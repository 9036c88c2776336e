import { z } from 'zod';
import { LIMITS } from '../constants';

export const siteMaintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z.string().trim().max(LIMITS.maintenanceMessage, 'Message must be 500 characters or less'),
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

export const settingSchemas = {
  site_maintenance: siteMaintenanceSchema,
  registration_limit: registrationLimitSchema,
  email_notifications: emailNotificationsSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };

export const settingKeySchema = z.enum(['site_maintenance', 'registration_limit', 'email_notifications'], {
  error: 'Unknown setting',
});

export const DEFAULT_SETTINGS: Settings = {
  site_maintenance: { enabled: false, message: 'We are performing scheduled maintenance. Please check back soon.' },
  registration_limit: { enabled: false, max_registrations: 100 },
  email_notifications: { enabled: false, admin_email: '' },
};

/** SPEC §5: a non-numeric maximum becomes 0, which then fails the min-1 rule. */
export function parseMaxRegistrations(raw: string): number {
  const n = Number.parseInt(raw, 10);
  return Number.isNaN(n) ? 0 : n;
}
