import { type PrivacyConfirmResult, type PrivacyOnBehalfInput, type PrivacyRequestKind, privacyOnBehalfInputSchema } from '@workshop/shared';
import { Alert, Button, Form, Input, Popconfirm, Radio } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { OnBehalfResult } from './on-behalf-result';

const KIND_OPTIONS: { value: PrivacyRequestKind; label: string }[] = [
  { value: 'export', label: 'Export their data' },
  { value: 'erasure', label: 'Erase their data' },
];

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'The request could not be run');

/**
 * An owner runs a request for a person who asked by letter or phone (issue 27, point 3): their
 * address, what they asked for, and who asked and how (kept with the request and in the activity
 * log). An erasure asks once more before it runs.
 */
export function OnBehalfForm({ disabled, disabledReason, onDone }: { disabled: boolean; disabledReason?: string; onDone: () => void }) {
  const api = useApi();
  const [form] = Form.useForm<PrivacyOnBehalfInput>();
  const kind = Form.useWatch('kind', form) ?? 'export';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ email: string; result: PrivacyConfirmResult }>();

  async function run() {
    const parsed = privacyOnBehalfInputSchema.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof PrivacyOnBehalfInput, errors: [i.message] })));
      return;
    }
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      const answer = await api.admin.privacy.runOnBehalf(parsed.data);
      setDone({ email: parsed.data.email, result: answer.result });
      if (answer.result.kind === 'export' || answer.result.outcome === 'erased') form.resetFields(['email', 'reason']);
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const submit =
    kind === 'erasure' ? (
      <Popconfirm
        title={`Erase everything held about ${form.getFieldValue('email') || 'this address'}?`}
        description="Their bookings, seats, emails and messages are anonymised; payment records and invoices stay. This cannot be undone."
        okText="Erase"
        okButtonProps={{ danger: true }}
        onConfirm={() => void run()}
        disabled={disabled || busy}
      >
        <Button danger type="primary" loading={busy} disabled={disabled} title={disabledReason} data-testid="privacy-run">
          Erase their data
        </Button>
      </Popconfirm>
    ) : (
      <Button type="primary" loading={busy} disabled={disabled} title={disabledReason} onClick={() => void run()} data-testid="privacy-run">
        Export their data
      </Button>
    );

  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="privacy-run-error" />}
      {done && <OnBehalfResult email={done.email} result={done.result} />}
      <Form<PrivacyOnBehalfInput> form={form} layout="vertical" requiredMark={false} disabled={busy || disabled} initialValues={{ kind: 'export' }} data-testid="privacy-on-behalf">
        <Form.Item label="Their email address" name="email">
          <Input type="email" autoComplete="off" placeholder="person@example.com" />
        </Form.Item>
        <Form.Item label="What they asked for" name="kind">
          <Radio.Group options={KIND_OPTIONS} data-testid="privacy-kind" />
        </Form.Item>
        <Form.Item label="Who asked, and how" name="reason" extra="Kept with the request and in the activity log.">
          <Input.TextArea rows={2} maxLength={500} placeholder="Letter from the person, received 3 March" />
        </Form.Item>
        {submit}
      </Form>
    </>
  );
}
