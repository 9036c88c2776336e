import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatCents, formatDateTime, type PromoCode } from '@workshop/shared';
import { Button, Card, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useOwnerWrites } from '../../session/owner-writes';
import { useCachedQuery } from '../../queries/use-cached-query';
import { PromoCodeDialog } from './promo-code-dialog';
import { useAppApi } from '../../app/app-api';

const discountOf = (c: PromoCode) => (c.kind === 'percent' ? `${c.value}% off` : `${formatCents(c.value)} off`);
const when = (v: string | null) => (v ? formatDateTime(v) : '');

function validity(c: PromoCode): string {
  if (!c.starts_at && !c.ends_at) return 'Always';
  if (!c.ends_at) return `From ${when(c.starts_at)}`;
  if (!c.starts_at) return `Until ${when(c.ends_at)}`;
  return `${when(c.starts_at)} – ${when(c.ends_at)}`;
}

/** Promo codes: list with uses (counted from completed registrations), create, edit, activate, delete one never used. */
export default function PromoCodesScreen() {
  const api = useApi();
  const { message } = useAppApi();
  const { blocked: offline } = useOwnerWrites();
  const codes = useCachedQuery('promo-codes', () => api.promoCodes.admin.list());
  const workshops = useCachedQuery('workshops', () => api.admin.workshops.list());
  const [editing, setEditing] = useState<PromoCode | null | 'new'>(null);

  async function setActive(c: PromoCode, active: boolean) {
    try {
      await api.promoCodes.admin.update(c.id, { active });
      message.success(active ? `${c.code} is active` : `${c.code} is inactive`);
      codes.reload();
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : 'Failed to update promo code');
    }
  }

  async function remove(c: PromoCode) {
    try {
      await api.promoCodes.admin.remove(c.id);
      message.success(`${c.code} deleted`);
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : 'Failed to delete promo code');
    }
    codes.reload();
  }

  const columns: ColumnsType<PromoCode> = [
    { title: 'Code', dataIndex: 'code', render: (v: string) => <Typography.Text strong copyable>{v}</Typography.Text> },
    { title: 'Discount', key: 'discount', render: (_: unknown, c) => discountOf(c) },
    { title: 'Workshop', dataIndex: 'workshop_title', render: (v: string | null) => v ?? <Tag>All workshops</Tag> },
    { title: 'Valid', key: 'valid', render: (_: unknown, c) => <span style={{ whiteSpace: 'nowrap' }}>{validity(c)}</span> },
    { title: 'Uses', key: 'uses', render: (_: unknown, c) => <span data-testid={`uses-${c.code}`}>{c.max_uses === null ? c.uses : `${c.uses} / ${c.max_uses}`}</span> },
    { title: 'Discount given', dataIndex: 'discount_cents', render: (v: number) => formatCents(v) },
    {
      title: 'Active',
      dataIndex: 'active',
      render: (v: boolean, c) => <Switch checked={v} disabled={offline} onChange={(on) => setActive(c, on)} aria-label={`${c.code} active`} data-testid={`active-${c.code}`} />,
    },
    {
      title: '',
      key: 'edit',
      align: 'right',
      render: (_: unknown, c) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<EditOutlined />} disabled={offline} onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
            Edit
          </Button>
          {/* A code a checkout ever carried stays (its bookings name it): it can only be switched off. */}
          {c.deletable && (
            <Popconfirm title={`Delete ${c.code}?`} description="It has never been used." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(c)} disabled={offline}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} disabled={offline} aria-label={`Delete ${c.code}`} data-testid={`delete-${c.code}`}>
                Delete
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Promo Codes"
        subtitle="Discounts buyers apply in the registration dialog; a use counts once the booking completes"
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={offline} onClick={() => setEditing('new')} data-testid="new-promo-code">
            New Code
          </Button>
        }
      />
      {codes.error && !codes.data && <LoadError title="Failed to load promo codes" error={codes.error} onRetry={codes.reload} />}
      <Card>
        <Table<PromoCode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={codes.data ?? []}
          loading={codes.loading}
          data-testid="promo-codes-table"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <ListEmpty title="No promo codes yet" description="Create one to offer a discount or a free seat." /> }}
          pagination={false}
        />
      </Card>
      <PromoCodeDialog
        open={editing !== null}
        code={editing === 'new' ? null : editing}
        workshops={workshops.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={codes.reload}
      />
    </>
  );
}
