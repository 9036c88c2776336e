import { adminEditBookingInputSchema, type RegistrationDetail } from '@workshop/shared';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

interface Values {
  name: string;
  email: string;
  phone: string;
}

/**
 * Corrects the buyer's name, email or phone. Only what changed is sent; a new email gets the
 * confirmation on a new booking link (the old link stops working).
 */
export function EditBookingDialog({ detail, open, onClose, onDone }: { detail: RegistrationDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const r = detail.registration;
  const initial: Values = { name: r.name, email: r.email, phone: r.phone };

  async function submit() {
    const v = form.getFieldsValue(true) as Values;
    const changed = Object.fromEntries((Object.keys(initial) as (keyof Values)[]).filter((k) => (v[k] ?? '').trim() !== initial[k]).map((k) => [k, (v[k] ?? '').trim()]));
    const parsed = adminEditBookingInputSchema.safeParse(changed);
    if (!parsed.success) {
      const fieldless = parsed.error.issues.find((i) => !i.path.length);
      if (fieldless) setRefused(fieldless.message);
      form.setFields(parsed.error.issues.filter((i) => i.path.length).map((i) => ({ name: i.path[0] as keyof Values, errors: [i.message] })));
      return;
    }
    setBusy(true);
    setRefused(undefined);
    try {
      await api.admin.registration.edit(r.id, parsed.data);
      const emailChanged = parsed.data.email !== undefined && parsed.data.email.toLowerCase() !== r.email.toLowerCase();
      message.success(emailChanged ? `Details saved; the confirmation is on its way to ${parsed.data.email}.` : 'Details saved.');
      onDone();
      onClose();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : 'The details could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`Edit ${r.name}'s details`} open={open} onCancel={onClose} onOk={submit} okText="Save details" okButtonProps={{ 'data-testid': 'edit-submit' }} confirmLoading={busy} destroyOnHidden data-testid="edit-dialog">
      <Typography.Paragraph type="secondary">A new email address gets the confirmation and a new booking link; the old link stops working.</Typography.Paragraph>
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="edit-error" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={initial} preserve={false} onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}>
        <Form.Item label="Name" name="name">
          <Input autoComplete="off" data-testid="edit-name" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="off" data-testid="edit-email" />
        </Form.Item>
        <Form.Item label="Phone" name="phone">
          <Input inputMode="numeric" maxLength={10} data-testid="edit-phone" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
