import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { ApiError } from '@workshop/api-client';
import { AUTH_MESSAGES } from '@workshop/shared';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../app/api-context';
import { useAdminPath } from '../../app/admin-paths';
import { AuthCard } from '../../components/auth-card';
import { usePlatform } from '../../platform/platform';
import { useSession } from '../../session/session.store';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginScreen() {
  const api = useApi();
  const platform = usePlatform();
  const path = useAdminPath();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const signIn = useSession((s) => s.signIn);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(values: LoginValues) {
    setBusy(true);
    setError(null);
    try {
      const { user, token } = await api.auth.login(values);
      await platform.setToken(token);
      signIn(user);
      message.success('Welcome to the admin portal!');
      navigate(path(''), { replace: true });
    } catch (err) {
      // The server answers 403 with the SPEC's refusal for a non-admin (and opens no session).
      const text = err instanceof ApiError && err.status === 403 ? AUTH_MESSAGES.accessDenied : err instanceof Error ? err.message : '';
      setError(text || 'Login failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage workshops and registrations">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form<LoginValues> layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email is required' }]}>
          <Input type="email" prefix={<MailOutlined />} placeholder="admin@example.com" autoComplete="username" size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="Your password" autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
    </AuthCard>
  );
}
