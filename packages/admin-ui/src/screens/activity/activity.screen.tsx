import { ReloadOutlined } from '@ant-design/icons';
import { formatDateTime, type ActivityEntry } from '@workshop/shared';
import { Button, Card, Grid, Pagination, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useRegistrationPath } from '../../app/admin-paths';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SkeletonCards } from '../../components/skeleton-cards';
import { useCachedQuery } from '../../queries/use-cached-query';
import { PAGE_SIZES } from '../../queries/use-list-query';
import { ActivityCards } from './activity-cards';
import { ActivityDiff } from './activity-diff';
import { actionLabel } from './activity-labels';
import { ActivityTarget, statusColor } from './activity-parts';

function columns(detail: (id: string) => string): ColumnsType<ActivityEntry> {
  return [
    { title: 'When', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
    {
      title: 'Who',
      dataIndex: 'actor_email',
      render: (v: string | null) => (v ? <span data-testid="activity-actor">{v}</span> : <Typography.Text type="secondary">System</Typography.Text>),
    },
    {
      title: 'Action',
      dataIndex: 'action',
      render: (v: string) => {
        const label = actionLabel(v);
        return (
          <div style={{ minWidth: 180 }}>
            {label && <Typography.Text strong style={{ display: 'block' }}>{label}</Typography.Text>}
            <Typography.Text type={label ? 'secondary' : undefined} code={!label} style={{ fontSize: label ? 12 : undefined, wordBreak: 'break-all' }} data-testid="activity-action">
              {v}
            </Typography.Text>
          </div>
        );
      },
    },
    { title: 'Target', key: 'target', render: (_: unknown, e) => <ActivityTarget entry={e} detail={detail} /> },
    { title: 'Result', dataIndex: 'status', render: (v: number) => <Tag color={statusColor(v)} data-testid="activity-status">{v}</Tag> },
  ];
}

/** Every admin write, newest first: who did what to which record, whether it worked, and what it changed. */
export function ActivityScreen() {
  const api = useApi();
  const detail = useRegistrationPath();
  const phone = Grid.useBreakpoint().md === false;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const { data, error, loading, reload } = useCachedQuery(`activity?page=${page}&pageSize=${pageSize}`, () => api.admin.activity.list({ page, pageSize }));
  const paging = {
    current: page,
    pageSize,
    total: data?.total ?? 0,
    onChange: (p: number, size: number) => {
      setPage(size === pageSize ? p : 1);
      setPageSize(size);
    },
  };
  const empty = <ListEmpty title="No activity yet" description="Changes made in the admin will be listed here." />;

  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Every change made in the admin, newest first"
        extra={
          <Button icon={<ReloadOutlined />} onClick={reload} loading={loading && !!data} data-testid="activity-refresh">
            Refresh
          </Button>
        }
      />
      {error && !data && <LoadError title="Failed to load activity" error={error} onRetry={reload} />}
      {!data && !error && <SkeletonCards />}
      {data && (
        <Card styles={phone ? { body: { padding: 12 } } : undefined}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }} data-testid="activity-count">
            {data.total === 1 ? '1 change' : `${data.total} changes`}
          </Typography.Text>
          {phone ? (
            <>
              {data.items.length ? <ActivityCards items={data.items} detail={detail} /> : empty}
              {data.total > pageSize && <Pagination simple {...paging} style={{ marginTop: 12, textAlign: 'center' }} />}
            </>
          ) : (
            <Table<ActivityEntry>
              rowKey="id"
              size="middle"
              columns={columns(detail)}
              dataSource={data.items}
              loading={loading}
              scroll={{ x: 'max-content' }}
              data-testid="activity-table"
              expandable={{ expandedRowRender: (e) => <ActivityDiff before={e.before} after={e.after} />, expandRowByClick: true }}
              locale={{ emptyText: empty }}
              pagination={{ ...paging, pageSizeOptions: PAGE_SIZES, showSizeChanger: true }}
            />
          )}
        </Card>
      )}
    </>
  );
}
