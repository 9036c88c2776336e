import { passwordResetConfirmSchema, passwordResetRequestSchema, RESET_MESSAGES } from '@workshop/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../app/api-context';
import { useAdminPath } from '../../app/admin-paths';
import { AuthCard } from '../../components/auth-card';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * A forgotten password (issue 24): without a token, ask for the link (the same answer whatever
 * the address); with the emailed link's token, set a new password, then sign in with it.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthCard title="Reset password" subtitle={token ? 'Choose a new password for your admin account' : 'We email a link to the admin account’s address'}>{token ? <NewPassword token={token} /> : <AskForLink />}</AuthCard>;
}

function AskForLink() {
  const api = useApi();
  const path = useAdminPath();
  const [form] = Form.useForm<{ email: string }>();
  const [sent, setSent] = useState<string>();
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const parsed = passwordResetRequestSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) return form.setFields([{ name: 'email', errors: [parsed.error.issues[0].message] }]);
    setBusy(true);
    setRefused(undefined);
    try {
      setSent((await api.auth.requestPasswordReset(parsed.data.email)).message);
    } catch (err) {
      setRefused(errorText(err, 'The link could not be sent'));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <>
        <Alert type="success" showIcon title={sent} data-testid="reset-sent" />
        <p style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to={path('login')}>Back to sign in</Link>
        </p>
      </>
    );
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} />}
      <Form.Item label="Email" name="email">
        <Input type="email" autoComplete="username" data-testid="reset-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-request">
        Email me a reset link
      </Button>
      <p style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={path('login')}>Back to sign in</Link>
      </p>
    </Form>
  );
}

function NewPassword({ token }: { token: string }) {
  const api = useApi();
  const path = useAdminPath();
  const [form] = Form.useForm<{ new_password: string }>();
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const parsed = passwordResetConfirmSchema.safeParse({ token, new_password: form.getFieldValue('new_password') ?? '' });
    if (!parsed.success) return form.setFields([{ name: 'new_password', errors: [parsed.error.issues[0].message] }]);
    setBusy(true);
    setRefused(undefined);
    try {
      await api.auth.confirmPasswordReset(token, parsed.data.new_password);
      setDone(true);
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields?.new_password) form.setFields([{ name: 'new_password', errors: [fields.new_password] }]);
      else setRefused(errorText(err, RESET_MESSAGES.invalid));
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <>
        <Alert type="success" showIcon title={RESET_MESSAGES.done} data-testid="reset-done" />
        <p style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to={path('login')}>Sign in</Link>
        </p>
      </>
    );
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()} onValuesChange={() => form.setFields([{ name: 'new_password', errors: [] }])}>
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="reset-refused" />}
      <Form.Item label="New password" name="new_password" extra="At least 12 characters; a phrase of unrelated words is easy to remember and hard to guess.">
        <Input.Password autoComplete="new-password" data-testid="reset-new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-confirm">
        Set new password
      </Button>
    </Form>
  );
}
