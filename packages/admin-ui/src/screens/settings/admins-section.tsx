import { ADMIN_ROLE_LABELS, ADMIN_ROLES, ADMINS_MESSAGES, type AdminRole, type AdminUser, formatDateTime } from '@workshop/shared';
import { Alert, Button, Card, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { useSession } from '../../session/session.store';
import { useOwnerWrites } from '../../session/owner-writes';
import { CreateAdminForm } from '../create-admin/create-admin-form';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * The admins (issue 24): who they are, their role, when they last signed in, their live sessions;
 * an owner changes a role or removes an admin (every session of theirs ends at once). Staff see
 * why they cannot.
 */
export function AdminsSection() {
  const api = useApi();
  const { message } = useAppApi();
  const me = useSession((s) => s.user);
  const { blocked, reason } = useOwnerWrites();
  const [admins, setAdmins] = useState<AdminUser[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string | null>(null);
  const staff = me?.role === 'staff';

  const load = () =>
    api.admin.users.list().then(
      (r) => (setAdmins(r.items), setError(undefined)),
      (err: unknown) => setError(errorText(err, 'The admins could not be loaded')),
    );
  useEffect(() => {
    if (!staff) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staff]);

  async function act(id: string, run: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      await run();
      message.success(done);
      await load();
    } catch (err) {
      message.error(errorText(err, 'The change could not be saved'));
    } finally {
      setBusy(null);
    }
  }

  const columns: ColumnsType<AdminUser> = [
    { title: 'Email', dataIndex: 'email', render: (v: string, a) => (a.id === me?.id ? <span>{v} <Tag>you</Tag></span> : v) },
    {
      title: 'Role',
      dataIndex: 'role',
      render: (v: AdminRole, a) => (
        <Select<AdminRole>
          value={v}
          size="small"
          style={{ width: 110 }}
          disabled={blocked || busy === a.id}
          options={ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_LABELS[r] }))}
          onChange={(role) => void act(a.id, () => api.admin.users.setRole(a.id, role), `${a.email} is now ${ADMIN_ROLE_LABELS[role].toLowerCase()}`)}
          aria-label={`Role of ${a.email}`}
          data-testid={`admin-role-${a.email}`}
        />
      ),
    },
    { title: 'Created', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
    { title: 'Last sign-in', dataIndex: 'last_sign_in_at', render: (v: string | null) => (v ? <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> : <Typography.Text type="secondary">never</Typography.Text>) },
    {
      title: 'Two-factor',
      dataIndex: 'two_factor',
      render: (v: boolean, a) =>
        v ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Tag color="green">On</Tag>
            {a.id !== me?.id && (
              <Popconfirm title={`Reset ${a.email}'s two-factor sign-in?`} description="Their authenticator app and passkeys are removed, they are signed out and their password stops working: they are emailed a link to set a new one, then set two-factor up again." okText="Reset" disabled={blocked} onConfirm={() => act(a.id, () => api.admin.users.resetTwoFactor(a.id), `${a.email}'s two-factor sign-in was reset`)}>
                <Button size="small" type="link" disabled={blocked} data-testid={`admin-reset-two-factor-${a.email}`}>
                  Reset
                </Button>
              </Popconfirm>
            )}
          </span>
        ) : (
          <Tag>Off</Tag>
        ),
    },
    { title: 'Sessions', dataIndex: 'active_sessions', align: 'right' },
    {
      title: '',
      key: 'remove',
      render: (_: unknown, a) => (
        <Popconfirm
          title={`Remove ${a.email}?`}
          description="They are signed out everywhere at once and can no longer sign in."
          okText="Remove admin"
          okButtonProps={{ danger: true }}
          disabled={blocked}
          onConfirm={() => act(a.id, () => api.admin.users.remove(a.id), `${a.email} was removed and signed out everywhere`)}
        >
          <Button size="small" danger disabled={blocked} loading={busy === a.id} title={reason} data-testid={`admin-remove-${a.email}`}>
            Remove
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title="Admin Management" data-testid="section-admins">
      {staff ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={ADMINS_MESSAGES.ownerOnly} data-testid="admins-owner-only" />
      ) : (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Admin users have full access to every admin screen and setting. Only add people you trust; make someone staff to let them read every list, export, message attendees and resend confirmations, and nothing more." />
          {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
          <Table<AdminUser> rowKey="id" size="small" columns={columns} dataSource={admins ?? []} loading={!admins && !error} pagination={false} scroll={{ x: 'max-content' }} style={{ marginBottom: 20 }} data-testid="admins-table" />
          <Typography.Title level={5}>Add an admin</Typography.Title>
          <CreateAdminForm disabled={blocked} disabledReason={reason} withRole onCreated={() => void load()} />
        </>
      )}
    </Card>
  );
}
