import { checkoutRecoverySchema, type SettingValue } from '@workshop/shared';
import { Button, Card, Form, InputNumber, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';

type Recovery = SettingValue<'checkout_recovery'>;

interface Props {
  value: Recovery;
  disabled: boolean;
  saving: boolean;
  save: (value: Recovery) => Promise<boolean>;
}

/** Checkout recovery: one follow-up email after an abandoned checkout, this many minutes later. */
export function RecoverySection({ value, disabled, saving, save }: Props) {
  const [enabled, setEnabled] = useState(value.enabled);
  const [minutes, setMinutes] = useState<number | null>(value.delay_minutes);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setEnabled(value.enabled);
    setMinutes(value.delay_minutes);
  }, [value.enabled, value.delay_minutes]);

  const unchanged = enabled === value.enabled && minutes === value.delay_minutes;
  const submit = () => {
    const parsed = checkoutRecoverySchema.safeParse({ enabled, delay_minutes: minutes ?? Number.NaN });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    void save(parsed.data);
  };

  return (
    <Card title="Checkout Recovery" data-testid="section-checkout-recovery">
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        When someone leaves a checkout unpaid, send them one email with a link that reopens the registration form, filled in. Never sent to someone who has booked since, when the workshop is full or has started, or to anyone who unsubscribed.
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="Send follow-up emails">
          <Switch checked={enabled} onChange={setEnabled} disabled={disabled} aria-label="Send follow-up emails" data-testid="recovery-enabled" />
        </Form.Item>
        <Form.Item label="Delay after the checkout ends (minutes)" htmlFor="recovery-delay" validateStatus={error ? 'error' : undefined} help={error}>
          <InputNumber id="recovery-delay" min={1} step={5} value={minutes} onChange={setMinutes} disabled={disabled} style={{ width: 200 }} data-testid="recovery-delay" />
        </Form.Item>
        <Button onClick={submit} disabled={disabled || unchanged} loading={saving} data-testid="recovery-save">
          Save
        </Button>
      </Form>
    </Card>
  );
}
