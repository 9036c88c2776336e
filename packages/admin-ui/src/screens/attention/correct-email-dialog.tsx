import { correctEmailInputSchema, type AttentionItem } from '@workshop/shared';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

interface Values {
  email: string;
}

type Bounced = NonNullable<AttentionItem['email']>;

/**
 * "Correct email and resend" for an access email that did not arrive: prefilled with the address
 * it went to, so a full mailbox is sent again as it is and a typo is fixed in place. Either way
 * the confirmation goes out on a new link, and the old link stops working.
 */
export function CorrectEmailDialog({ registrationId, name, email, open, onClose, onDone }: { registrationId: string; name: string; email: Bounced; open: boolean; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();

  async function submit() {
    const v = form.getFieldsValue(true) as Values;
    const parsed = correctEmailInputSchema.safeParse({ email: (v.email ?? '').trim(), email_message_id: email.id });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: 'email' as const, errors: [i.message] })));
      return;
    }
    setBusy(true);
    setRefused(undefined);
    try {
      await api.admin.registration.correctEmail(registrationId, parsed.data);
      message.success(`The confirmation is on its way to ${parsed.data.email}, with a new link.`);
      onDone();
      onClose();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : 'The email could not be sent again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={`Correct ${name}'s email`}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="Correct and resend"
      okButtonProps={{ 'data-testid': 'correct-email-submit' }}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="correct-email-dialog"
    >
      <Typography.Paragraph type="secondary">
        The email to {email.to_email} did not arrive. Correct the address, or keep it to send again once their mailbox takes mail: the confirmation goes out with a new link, and the old link stops working.
      </Typography.Paragraph>
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="correct-email-error" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ email: email.to_email }} preserve={false} onValuesChange={() => form.setFields([{ name: 'email', errors: [] }])}>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="off" data-testid="correct-email-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
