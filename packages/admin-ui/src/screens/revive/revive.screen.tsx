import { ClockCircleOutlined, DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { formatDateTime, type ReviveEntry } from '@workshop/shared';
import { Button, Card, Flex, Popconfirm, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { CardHead, PhoneList } from '../../components/phone-list';
import { useNarrowList } from '../../components/use-phone';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { StatCards } from '../../components/stat-cards';
import { useOwnerWrites } from '../../session/owner-writes';
import { useCachedQuery } from '../../queries/use-cached-query';
import { PAGE_SIZES } from '../../queries/use-list-query';
import { FollowUpTag } from './follow-up-tag';
import { ReviveAddForm } from './revive-add-form';
import { useAppApi } from '../../app/app-api';

export function ReviveScreen() {
  const api = useApi();
  const { message } = useAppApi();
  const { blocked: offline } = useOwnerWrites();
  const phone = useNarrowList();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const { data, error, loading, reload } = useCachedQuery(`revive?page=${page}&pageSize=${pageSize}`, () => api.admin.revive.list({ page, pageSize }));

  async function remove(id: string) {
    try {
      await api.admin.revive.remove(id);
      message.success('Entry removed');
      reload();
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : 'Failed to remove entry');
    }
  }

  const source = (v: ReviveEntry['source']) => (v === 'abandoned_checkout' ? <Tag color="orange">Abandoned checkout</Tag> : <Tag>Added by admin</Tag>);
  const removeButton = (r: ReviveEntry) => (
    <Popconfirm title={`Remove ${r.name} from the revive list?`} okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => remove(r.id)} disabled={offline}>
      <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={offline} aria-label={`Remove ${r.name}`}>
        Remove
      </Button>
    </Popconfirm>
  );
  const paging = (p: number, size: number) => {
    setPage(size === pageSize ? p : 1);
    setPageSize(size);
  };
  const empty = <ListEmpty title="No revive entries" description="Abandoned checkouts and people you add will appear here." />;

  const columns: ColumnsType<ReviveEntry> = [
    { title: 'Name', dataIndex: 'name', render: (v: string) => <Typography.Text strong style={{ display: 'inline-block', minWidth: 120 }}>{v}</Typography.Text> },
    { title: 'Email', dataIndex: 'email', render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: 'Source', dataIndex: 'source', render: source },
    { title: 'Follow-up', dataIndex: 'recovery', render: (v: ReviveEntry['recovery']) => <FollowUpTag recovery={v} /> },
    { title: 'Created At', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
    {
      title: '',
      key: 'remove',
      align: 'right',
      render: (_: unknown, r) => removeButton(r),
    },
  ];

  return (
    <>
      <PageHeader title="Revive Entries" subtitle="People to win back: abandoned checkouts and contacts you add" />
      <StatCards
        loading={!data}
        cards={[
          { title: 'Total Entries', value: data?.summary.total ?? 0, icon: <UserAddOutlined />, color: '#4f46e5' },
          { title: 'Today', value: data?.summary.today ?? 0, icon: <ClockCircleOutlined />, color: '#f59e0b' },
        ]}
      />
      {error && !data && <LoadError title="Failed to load revive entries" error={error} onRetry={reload} />}
      <Card>
        <div style={{ marginBottom: 16 }}>
          <ReviveAddForm disabled={offline} onAdded={reload} />
        </div>
        {!data && !error ? (
          <Flex align="center" gap={10} style={{ padding: 24 }} data-testid="revive-loading">
            <Spin size="small" />
            <Typography.Text type="secondary">Loading revive entries...</Typography.Text>
          </Flex>
        ) : phone ? (
          <PhoneList<ReviveEntry>
            rows={data?.items ?? []}
            loading={loading && !!data}
            testId="revive-cards"
            empty={empty}
            pagination={{ current: page, pageSize, total: data?.total ?? 0, onChange: paging }}
            card={(r) => (
              <>
                <CardHead title={r.name} extra={source(r.source)} />
                {r.email && (
                  <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere', fontSize: 13 }}>
                    {r.email}
                  </Typography.Text>
                )}
                <div style={{ fontSize: 12, marginTop: 4 }}>{formatDateTime(r.created_at)}</div>
                {r.recovery && (
                  <div style={{ marginTop: 6 }}>
                    <FollowUpTag recovery={r.recovery} />
                  </div>
                )}
                <div style={{ marginTop: 6 }}>{removeButton(r)}</div>
              </>
            )}
          />
        ) : (
          <Table<ReviveEntry>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.items ?? []}
            loading={loading && !!data}
            data-testid="revive-table"
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: empty }}
            pagination={{ current: page, pageSize, total: data?.total ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, onChange: paging }}
          />
        )}
      </Card>
    </>
  );
}
