import { PlusOutlined } from '@ant-design/icons';
import { reviveCreateSchema, type ReviveCreateInput } from '@workshop/shared';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

/** Adds a person to the revive list by hand (abandoned checkouts arrive by themselves). */
export function ReviveAddForm({ disabled, onAdded }: { disabled: boolean; onAdded: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<ReviveCreateInput>();
  const [busy, setBusy] = useState(false);

  async function submit(values: ReviveCreateInput) {
    const parsed = reviveCreateSchema.safeParse({ name: values.name ?? '', email: values.email ?? '' });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof ReviveCreateInput, errors: [i.message] })));
      return;
    }
    setBusy(true);
    try {
      await api.admin.revive.add(parsed.data);
      message.success('Entry added');
      form.resetFields();
      onAdded();
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : 'Failed to add entry');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<ReviveCreateInput> form={form} layout="inline" onFinish={submit} disabled={disabled || busy} style={{ rowGap: 8 }}>
      <Form.Item name="name">
        <Input placeholder="Name" aria-label="Name" style={{ width: 200, maxWidth: '100%' }} data-testid="revive-name" />
      </Form.Item>
      <Form.Item name="email">
        <Input type="email" placeholder="Email (optional)" aria-label="Email (optional)" style={{ width: 240, maxWidth: '100%' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy}>
        Add Entry
      </Button>
    </Form>
  );
}
