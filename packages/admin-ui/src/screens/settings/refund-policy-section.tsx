import { formatCents, policyRefund, refundPolicySchema, type RefundPolicy } from '@workshop/shared';
import { Button, Card, Col, Form, InputNumber, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';

const EXAMPLE_CENTS = 9900;
const DAY_MS = 86_400_000;

interface Props {
  value: RefundPolicy;
  disabled: boolean;
  saving: boolean;
  save: (value: RefundPolicy) => Promise<boolean>;
}

/**
 * The cancellation fee: more than 7 days before the start a buyer gets everything back minus
 * the higher of a fixed minimum and a percentage. The public policy page and every
 * cancellation read this same setting.
 */
export function RefundPolicySection({ value, disabled, saving, save }: Props) {
  const [dollars, setDollars] = useState<number | null>(value.min_fee_cents / 100);
  const [percent, setPercent] = useState<number | null>(value.fee_percent);
  const [errors, setErrors] = useState<{ min?: string; percent?: string }>({});
  useEffect(() => {
    setDollars(value.min_fee_cents / 100);
    setPercent(value.fee_percent);
  }, [value.min_fee_cents, value.fee_percent]);

  const draft = { min_fee_cents: dollars === null ? Number.NaN : Math.round(dollars * 100), fee_percent: percent ?? Number.NaN };
  const parsed = refundPolicySchema.safeParse(draft);
  const unchanged = draft.min_fee_cents === value.min_fee_cents && draft.fee_percent === value.fee_percent;
  const example = parsed.success ? policyRefund({ amountCents: EXAMPLE_CENTS, startsAt: new Date(8 * DAY_MS), now: new Date(0), policy: parsed.data }) : null;

  const submit = () => {
    if (!parsed.success) {
      const at = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ min: at('min_fee_cents'), percent: at('fee_percent') });
      return;
    }
    setErrors({});
    void save(parsed.data);
  };

  return (
    <Card title="Cancellation Policy" data-testid="section-refund-policy">
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        More than 7 days before the start, a buyer who cancels gets a full refund minus a fee: the higher of the minimum and the percentage below. 3 to 7 days before, half; under 3 days, nothing. The public refund policy page shows these figures.
      </Typography.Paragraph>
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Minimum fee (USD)" htmlFor="refund-min-fee" validateStatus={errors.min ? 'error' : undefined} help={errors.min}>
              <InputNumber id="refund-min-fee" prefix="$" precision={2} step={0.1} value={dollars} onChange={setDollars} disabled={disabled} style={{ width: '100%' }} data-testid="refund-min-fee" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Fee percentage" htmlFor="refund-fee-percent" validateStatus={errors.percent ? 'error' : undefined} help={errors.percent}>
              <InputNumber id="refund-fee-percent" suffix="%" step={1} value={percent} onChange={setPercent} disabled={disabled} style={{ width: '100%' }} data-testid="refund-fee-percent" />
            </Form.Item>
          </Col>
        </Row>
        {example && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }} data-testid="refund-policy-example">
            Example: a {formatCents(EXAMPLE_CENTS)} booking cancelled more than 7 days ahead gets {formatCents(example.refundCents)} back (fee {formatCents(example.feeCents)}).
          </Typography.Paragraph>
        )}
        <Button onClick={submit} disabled={disabled || unchanged} loading={saving} data-testid="refund-policy-save">
          Save Policy
        </Button>
      </Form>
    </Card>
  );
}
