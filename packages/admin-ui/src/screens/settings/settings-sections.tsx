import {
  emailNotificationsSchema,
  parseMaxRegistrations,
  registrationLimitSchema,
  siteMaintenanceSchema,
  type SettingKey,
  type Settings,
} from '@workshop/shared';
import { Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { SettingSwitch } from './setting-row';

export interface SectionProps<K extends SettingKey> {
  value: Settings[K];
  disabled: boolean;
  saving: boolean;
  save: (value: Settings[K]) => Promise<boolean>;
}

export function MaintenanceSection({ value, disabled, saving, save }: SectionProps<'site_maintenance'>) {
  const [text, setText] = useState(value.message);
  const [error, setError] = useState<string>();
  useEffect(() => setText(value.message), [value.message]);
  const submit = () => {
    const parsed = siteMaintenanceSchema.safeParse({ ...value, message: text });
    setError(parsed.success ? undefined : parsed.error.issues[0].message);
    if (parsed.success) void save(parsed.data);
  };
  return (
    <Card title="Site Maintenance" data-testid="section-maintenance">
      <SettingSwitch
        label="Maintenance Mode"
        help="Visitors see the message below and cannot register or submit forms."
        checked={value.enabled}
        disabled={disabled}
        loading={saving}
        onChange={(enabled) => void save({ ...value, enabled })}
        testId="toggle-maintenance"
      />
      <Form layout="vertical">
        <Form.Item label="Maintenance message" validateStatus={error ? 'error' : undefined} help={error}>
          <Input.TextArea rows={2} value={text} onChange={(e) => setText(e.target.value)} disabled={disabled} />
        </Form.Item>
        <Button onClick={submit} disabled={disabled || text === value.message} loading={saving}>
          Save Message
        </Button>
      </Form>
    </Card>
  );
}

export function RegistrationLimitSection({ value, disabled, saving, save }: SectionProps<'registration_limit'>) {
  const [raw, setRaw] = useState(String(value.max_registrations));
  const [error, setError] = useState<string>();
  useEffect(() => setRaw(String(value.max_registrations)), [value.max_registrations]);
  const submit = () => {
    const parsed = registrationLimitSchema.safeParse({ ...value, max_registrations: parseMaxRegistrations(raw) });
    setError(parsed.success ? undefined : parsed.error.issues[0].message);
    if (parsed.success) void save(parsed.data);
  };
  return (
    <Card title="Registration Limits" data-testid="section-registration-limit">
      <SettingSwitch
        label="Limit Registrations"
        help="Caps the seats sold per workshop, next to each workshop's own maximum."
        checked={value.enabled}
        disabled={disabled}
        loading={saving}
        onChange={(enabled) => void save({ ...value, enabled })}
        testId="toggle-registration-limit"
      />
      <Form layout="vertical">
        <Form.Item label="Maximum Registrations" validateStatus={error ? 'error' : undefined} help={error}>
          <Input type="number" min={1} placeholder="100" value={raw} onChange={(e) => setRaw(e.target.value)} disabled={disabled} style={{ maxWidth: 200 }} data-testid="max-registrations" />
        </Form.Item>
        <Button onClick={submit} disabled={disabled} loading={saving}>
          Save Limit
        </Button>
      </Form>
    </Card>
  );
}

export function EmailNotificationsSection({ value, disabled, saving, save }: SectionProps<'email_notifications'>) {
  const [email, setEmail] = useState(value.admin_email);
  const [error, setError] = useState<string>();
  useEffect(() => setEmail(value.admin_email), [value.admin_email]);
  const submit = () => {
    const parsed = emailNotificationsSchema.safeParse({ ...value, admin_email: email.trim() });
    setError(parsed.success ? undefined : parsed.error.issues[0].message);
    if (parsed.success) void save(parsed.data);
  };
  return (
    <Card title="Email Notifications" data-testid="section-email">
      <SettingSwitch
        label="New Registration Emails"
        help="Email the admin address below whenever a registration completes."
        checked={value.enabled}
        disabled={disabled}
        loading={saving}
        onChange={(enabled) => void save({ ...value, enabled })}
        testId="toggle-email-notifications"
      />
      <Form layout="vertical">
        <Form.Item label="Admin Email" validateStatus={error ? 'error' : undefined} help={error}>
          <Input type="email" placeholder="admin@example.com" value={email} onChange={(e) => setEmail(e.target.value)} disabled={disabled} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Button onClick={submit} disabled={disabled} loading={saving}>
          Save Email
        </Button>
      </Form>
    </Card>
  );
}
