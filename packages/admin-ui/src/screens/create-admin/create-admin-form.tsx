import { ApiError } from '@workshop/api-client';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole, AUTH_MESSAGES } from '@workshop/shared';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

interface Values {
  email: string;
  password: string;
  role?: AdminRole;
}

/** Creates another admin (POST /api/admin/users); used on /create and in Settings (`withRole`: owner or staff; without it, an owner as the SPEC's form makes). */
export function CreateAdminForm({ disabled, disabledReason, withRole, onCreated }: { disabled?: boolean; disabledReason?: string; withRole?: boolean; onCreated?: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  async function submit(values: Values) {
    setBusy(true);
    setResult(null);
    try {
      const created = await api.admin.users.create(values);
      setResult({ type: 'success', text: `Admin user created successfully for ${created.email}` });
      message.success('Admin user created successfully!');
      form.resetFields();
      onCreated?.();
    } catch (err) {
      const text = err instanceof ApiError && err.status === 401 ? AUTH_MESSAGES.mustBeLoggedIn : err instanceof Error && err.message ? err.message : 'Failed to create admin user';
      setResult({ type: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {result && <Alert type={result.type} showIcon title={result.text} style={{ marginBottom: 16 }} data-testid="create-admin-result" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy || disabled} initialValues={withRole ? { role: 'staff' } : undefined}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: AUTH_MESSAGES.credentialsRequired }]}>
          <Input type="email" placeholder="new.admin@example.com" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: AUTH_MESSAGES.credentialsRequired }]}>
          <Input.Password placeholder="At least 8 characters" autoComplete="new-password" />
        </Form.Item>
        {withRole && (
          <Form.Item label="Role" name="role">
            <Radio.Group options={ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_LABELS[r] }))} data-testid="create-admin-role" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={busy} title={disabledReason}>
          {busy ? 'Creating Admin...' : 'Create Admin User'}
        </Button>
      </Form>
    </>
  );
}
