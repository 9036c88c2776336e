import { waitlistSettingsSchema, type Settings } from '@workshop/shared';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';

type WaitlistSettings = Settings['waitlist'];

interface Props {
  value: WaitlistSettings;
  disabled: boolean;
  saving: boolean;
  save: (value: WaitlistSettings) => Promise<boolean>;
}

/** How long a freed seat is held for the person it is offered to before it passes to the next in line. */
export function WaitlistSection({ value, disabled, saving, save }: Props) {
  const [hours, setHours] = useState<number | null>(value.offer_hours);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setHours(value.offer_hours), [value.offer_hours]);

  const draft = { offer_hours: hours ?? Number.NaN };
  const submit = () => {
    const parsed = waitlistSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    void save(parsed.data);
  };

  return (
    <Card title="Waitlist" data-testid="section-waitlist">
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        When a seat frees up on a full workshop, the next person on its waitlist gets an email with a personal link that holds the seat for them this long. Unused, it passes to the next person.
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="Hold an offered seat for (hours)" htmlFor="waitlist-offer-hours" validateStatus={error ? 'error' : undefined} help={error}>
          <InputNumber id="waitlist-offer-hours" suffix="hours" step={1} value={hours} onChange={setHours} disabled={disabled} style={{ width: '100%' }} data-testid="waitlist-offer-hours" />
        </Form.Item>
        <Button onClick={submit} disabled={disabled || draft.offer_hours === value.offer_hours} loading={saving} data-testid="waitlist-save">
          Save Waitlist
        </Button>
      </Form>
    </Card>
  );
}
