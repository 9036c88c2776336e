import { adminTransferInputSchema, type RegistrationDetail } from '@workshop/shared';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

interface Values {
  name: string;
  email: string;
  phone: string;
  reason: string;
}

/**
 * Hands a booking of one seat to someone else, at any time (the buyer's own transfers close 24
 * hours before the start). The new holder is emailed their confirmation and link; no money moves.
 */
export function TransferDialog({ detail, open, onClose, onDone }: { detail: RegistrationDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const r = detail.registration;

  async function submit() {
    const parsed = adminTransferInputSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof Values, errors: [i.message] })));
      return;
    }
    setBusy(true);
    setRefused(undefined);
    try {
      await api.admin.registration.transfer(r.id, parsed.data);
      message.success(`Booking transferred to ${parsed.data.name}; they are emailed their confirmation.`);
      onDone();
      onClose();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : 'The booking could not be transferred.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`Transfer ${r.name}'s booking`} open={open} onCancel={onClose} onOk={submit} okText="Transfer booking" okButtonProps={{ 'data-testid': 'transfer-submit' }} confirmLoading={busy} destroyOnHidden data-testid="transfer-dialog">
      <Typography.Paragraph type="secondary">The seat goes to the person below, who gets their own confirmation and booking link; {r.name}&apos;s link stops working. No money moves.</Typography.Paragraph>
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="transfer-error" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ name: '', email: '', phone: '', reason: '' }} preserve={false}>
        <Form.Item label="Name" name="name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Phone" name="phone">
          <Input inputMode="numeric" maxLength={10} />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
