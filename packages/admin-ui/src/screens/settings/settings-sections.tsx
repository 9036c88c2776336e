import { adminSecuritySchema, emailNotificationsSchema, parseMaxRegistrations, registrationLimitSchema, siteMaintenanceSchema } from '@workshop/shared';
import { Input } from 'antd';
import type { SettingSectionConfig } from './setting-section';

export const MAINTENANCE_SECTION: SettingSectionConfig<'site_maintenance'> = {
  key: 'site_maintenance',
  title: 'Site Maintenance',
  testId: 'section-maintenance',
  toggle: { label: 'Maintenance Mode', help: 'Visitors see the message below and cannot register or submit forms.', testId: 'toggle-maintenance' },
  field: { label: 'Maintenance message', saveLabel: 'Save Message' },
  text: (v) => v.message,
  parse: (text, v) => siteMaintenanceSchema.safeParse({ ...v, message: text }),
  input: (bind) => <Input.TextArea rows={2} {...bind} />,
  saveOnlyChanges: true,
};

export const REGISTRATION_LIMIT_SECTION: SettingSectionConfig<'registration_limit'> = {
  key: 'registration_limit',
  title: 'Registration Limits',
  testId: 'section-registration-limit',
  toggle: { label: 'Limit Registrations', help: "Caps the seats sold per workshop, next to each workshop's own maximum.", testId: 'toggle-registration-limit' },
  field: { label: 'Maximum Registrations', saveLabel: 'Save Limit' },
  text: (v) => String(v.max_registrations),
  parse: (raw, v) => registrationLimitSchema.safeParse({ ...v, max_registrations: parseMaxRegistrations(raw) }),
  input: (bind) => <Input type="number" min={1} placeholder="100" {...bind} style={{ maxWidth: 200 }} data-testid="max-registrations" />,
};

export const EMAIL_NOTIFICATIONS_SECTION: SettingSectionConfig<'email_notifications'> = {
  key: 'email_notifications',
  title: 'Email Notifications',
  testId: 'section-email',
  toggle: { label: 'New Registration Emails', help: 'Email the admin address below whenever a registration completes.', testId: 'toggle-email-notifications' },
  field: { label: 'Admin Email', saveLabel: 'Save Email' },
  text: (v) => v.admin_email,
  parse: (email, v) => emailNotificationsSchema.safeParse({ ...v, admin_email: email.trim() }),
  input: (bind) => <Input type="email" placeholder="admin@example.com" {...bind} style={{ maxWidth: 360 }} />,
};

export const ADMIN_SECURITY_SECTION: SettingSectionConfig<'admin_security'> = {
  key: 'admin_security',
  title: 'Admin Sign-in',
  testId: 'section-admin-security',
  toggle: { label: 'Require two-factor for every admin', help: 'Admins without it set it up at their next sign-in before they can do anything else.', testId: 'toggle-require-two-factor' },
  field: { label: 'Sign an admin out after this many hours unused', saveLabel: 'Save Hours' },
  text: (v) => String(v.idle_hours),
  parse: (raw, v) => adminSecuritySchema.safeParse({ ...v, idle_hours: raw.trim() === '' ? 0 : Number(raw) }),
  input: (bind) => <Input type="number" min={1} max={168} {...bind} style={{ maxWidth: 200 }} data-testid="idle-hours" />,
};
