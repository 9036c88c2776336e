import { formatDateTime, type RetentionPreview, retentionSchema, type Settings } from '@workshop/shared';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';

type Retention = Settings['retention'];

interface Props {
  value: Retention;
  disabled: boolean;
  saving: boolean;
  save: (value: Retention) => Promise<boolean>;
}

const FIELDS: { key: keyof Retention; label: string; help: string }[] = [
  { key: 'registration_years', label: 'Registration data (years after the workshop)', help: 'Names, addresses, phones, billing details, seats and the emails about them are anonymised; amounts and counts stay.' },
  { key: 'lead_years', label: 'Questions and leads (years after their last change)', help: 'Questions, preview-video sign-ups, waitlist places and checkout reminders are anonymised.' },
  { key: 'payment_years', label: 'Payment records and invoices (years after the workshop)', help: 'Payments, refunds, provider messages, invoices and credit notes are deleted. Tax law asks for at least 7 years.' },
];

const DELETED_LABELS: [keyof RetentionPreview['due'], string, string][] = [
  ['payment_records', 'booking’s payment records', 'bookings’ payment records'],
  ['unattributed_payments', 'payment no booking holds', 'payments no booking holds'],
];

const DUE_LABELS: [keyof RetentionPreview['due'], string, string][] = [
  ['registrations', 'booking', 'bookings'],
  ['cleared_bookings', 'cleared booking', 'cleared bookings'],
  ['interests', 'question', 'questions'],
  ['video_leads', 'video lead', 'video leads'],
  ['waitlist', 'waitlist place', 'waitlist places'],
  ['checkout_follow_ups', 'checkout reminder', 'checkout reminders'],
  ['unlinked_emails', 'email no booking holds', 'emails no booking holds'],
  ['revive', 'revive entry', 'revive entries'],
];

/**
 * How long personal data is kept (issue 27, point 1): the periods the daily job applies and the
 * privacy page states, and what the next run would anonymise or delete by them.
 */
export function RetentionSection({ value, disabled, saving, save }: Props) {
  const api = useApi();
  const [draft, setDraft] = useState<Record<keyof Retention, number | null>>(value);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<RetentionPreview>();
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    api.admin.privacy.retention().then(setPreview, () => setPreview(undefined));
  }, [api, value]);

  const submit = () => {
    const parsed = retentionSchema.safeParse(Object.fromEntries(FIELDS.map((f) => [f.key, draft[f.key] ?? Number.NaN])));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    void save(parsed.data);
  };
  const unchanged = FIELDS.every((f) => draft[f.key] === value[f.key]);
  const counted = (labels: typeof DUE_LABELS) => (preview ? labels.filter(([k]) => preview.due[k] > 0).map(([k, one, many]) => `${preview.due[k]} ${preview.due[k] === 1 ? one : many}`) : []);
  const due = counted(DUE_LABELS);
  const deleted = counted(DELETED_LABELS);
  const next = [due.length ? `The next run will anonymise: ${due.join(', ')}.` : '', deleted.length ? `It will delete: ${deleted.join(', ')}.` : ''].filter(Boolean).join(' ');

  return (
    <Card title="Data Retention" data-testid="section-retention">
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        Once a day, personal data older than these periods is anonymised, and payment records older than theirs are deleted. The privacy page states them.
      </Typography.Paragraph>
      <Form layout="vertical">
        {FIELDS.map((f) => (
          <Form.Item key={f.key} label={f.label} htmlFor={`retention-${f.key}`} extra={f.help}>
            <InputNumber id={`retention-${f.key}`} suffix="years" step={1} value={draft[f.key]} onChange={(v) => setDraft({ ...draft, [f.key]: v })} disabled={disabled} style={{ width: '100%' }} data-testid={`retention-${f.key}`} />
          </Form.Item>
        ))}
        {error && (
          <Typography.Paragraph type="danger" role="alert" data-testid="retention-error">
            {error}
          </Typography.Paragraph>
        )}
        <Button onClick={submit} disabled={disabled || unchanged} loading={saving} data-testid="retention-save">
          Save Retention
        </Button>
      </Form>
      {preview && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }} data-testid="retention-preview">
          {next || 'Nothing is past its period now.'}
          {preview.last_run_at ? ` Last run ${formatDateTime(preview.last_run_at)}.` : ''}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
