import { type AdminSession, changePasswordSchema, formatDateTime } from '@workshop/shared';
import { Alert, Button, Card, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { useOffline } from '../../queries/connectivity.store';
import { useSession } from '../../session/session.store';
import { TwoFactorCard } from './two-factor-card';

interface Values {
  current_password: string;
  new_password: string;
}

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
const device = (s: AdminSession) => `${s.client === 'desktop' ? 'Desktop app' : 'Browser'}${s.user_agent ? ` · ${s.user_agent.slice(0, 60)}` : ''}`;

/** The signed-in admin's own account (issue 24): change the password, see and end sessions. Staff have it too. */
export function AccountSection() {
  const api = useApi();
  const { message } = useAppApi();
  const { offline, reason } = useOffline();
  const me = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const [sessions, setSessions] = useState<AdminSession[]>();
  const [busy, setBusy] = useState<string | null>(null);
  const [refused, setRefused] = useState<string>();

  const load = () => api.auth.sessions().then((r) => setSessions(r.items), () => setSessions([]));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function change() {
    const parsed = changePasswordSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof Values, errors: [i.message] })));
      return;
    }
    setBusy('password');
    setRefused(undefined);
    try {
      await api.auth.changePassword(parsed.data);
      message.success('Password changed; your other sessions were signed out.');
      form.resetFields();
      await load();
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields) form.setFields(Object.entries(fields).map(([name, e]) => ({ name: name as keyof Values, errors: [e] })));
      else setRefused(errorText(err, 'The password could not be changed'));
    } finally {
      setBusy(null);
    }
  }

  async function end(id: string | 'others') {
    setBusy(id);
    try {
      if (id === 'others') await api.auth.endOtherSessions();
      else await api.auth.endSession(id);
      message.success(id === 'others' ? 'Signed out everywhere else' : 'Session ended');
      await load();
    } catch (err) {
      message.error(errorText(err, 'The session could not be ended'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title="Your account" data-testid="section-account">
      <Typography.Paragraph type="secondary">Signed in as {me?.email}.</Typography.Paragraph>
      <Typography.Title level={5}>Change password</Typography.Title>
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} disabled={offline} onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}>
        <Form.Item label="Current password" name="current_password">
          <Input.Password autoComplete="current-password" data-testid="current-password" />
        </Form.Item>
        <Form.Item label="New password" name="new_password" extra="At least 12 characters; a phrase of unrelated words is easy to remember and hard to guess.">
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Button type="primary" onClick={() => void change()} loading={busy === 'password'} title={reason} data-testid="change-password">
          Change password
        </Button>
      </Form>
      <TwoFactorCard disabled={offline} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Where you are signed in
      </Typography.Title>
      <List<AdminSession>
        size="small"
        loading={!sessions}
        dataSource={sessions ?? []}
        data-testid="sessions-list"
        renderItem={(s) => (
          <List.Item
            actions={
              s.current
                ? [<Tag key="this">This session</Tag>]
                : [
                    <Button key="end" size="small" danger disabled={offline} loading={busy === s.id} onClick={() => void end(s.id)} data-testid="end-session">
                      Sign out
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta title={device(s)} description={`${s.ip ?? 'unknown address'} · signed in ${formatDateTime(s.created_at)}${s.last_seen_at ? ` · last seen ${formatDateTime(s.last_seen_at)}` : ''}`} />
          </List.Item>
        )}
      />
      <Popconfirm title="Sign out everywhere else?" description="Every other session of yours ends at once." okText="Sign out" onConfirm={() => end('others')} disabled={offline}>
        <Button style={{ marginTop: 12 }} disabled={offline || (sessions ?? []).length < 2} loading={busy === 'others'} data-testid="end-other-sessions">
          Sign out everywhere else
        </Button>
      </Popconfirm>
    </Card>
  );
}
