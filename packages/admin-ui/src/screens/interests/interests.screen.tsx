import { BulbOutlined, ClockCircleOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { bulkMailto, formatDateTime, interestCsvFileName, MAILTO_BODIES, type Interest, type InterestStatus } from '@workshop/shared';
import { App, Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { ListToolbar } from '../../components/list-toolbar';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SkeletonCards } from '../../components/skeleton-cards';
import { StatCards } from '../../components/stat-cards';
import { StatusTag } from '../../components/status-tag';
import { useOffline } from '../../queries/connectivity.store';
import { saveExport } from '../../queries/export-csv';
import { useCachedQuery } from '../../queries/use-cached-query';
import { PAGE_SIZES, useListState } from '../../queries/use-list-query';
import { usePlatform } from '../../platform/platform';
import { InterestStatusAction } from './interest-status-action';

const STATUSES: { value: InterestStatus; label: string }[] = [
  { value: 'interested', label: 'Interested' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'converted', label: 'Converted' },
];

export function InterestsScreen() {
  const api = useApi();
  const platform = usePlatform();
  const { message } = App.useApp();
  const { offline, reason } = useOffline();
  const list = useListState<InterestStatus>();
  const { q, status, page, pageSize } = list.query;
  const { data, error, loading, reload } = useCachedQuery(`interests?q=${q}&status=${status}&page=${page}&pageSize=${pageSize}`, () =>
    api.admin.interests.list(list.query),
  );
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      if (await saveExport(platform, interestCsvFileName(), () => api.admin.interests.exportCsv({ q, status }))) {
        message.success('Interest data exported successfully');
      }
    } catch {
      message.error('Failed to export interests');
    } finally {
      setExporting(false);
    }
  }

  const columns: ColumnsType<Interest> = [
    { title: 'Name', dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: 'Email', dataIndex: 'email', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
    { title: 'Phone', dataIndex: 'phone', render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    {
      title: 'Message',
      dataIndex: 'message',
      ellipsis: true,
      width: 240,
      render: (v: string) => (v ? <span title={v}>{v}</span> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { title: 'Submitted', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
    { title: 'Status', dataIndex: 'status', render: (v: string) => <StatusTag status={v} /> },
    { title: '', key: 'action', align: 'right', width: 150, render: (_: unknown, r) => <InterestStatusAction interest={r} disabled={offline} onChanged={reload} /> },
  ];

  const s = data?.summary;
  const emails = data?.items.map((r) => r.email) ?? [];
  return (
    <>
      <PageHeader title="Interest Management" subtitle="People who asked to hear from us, and issue reports" />
      <StatCards
        loading={!data}
        cards={[
          { title: 'Total Interests', value: s?.total ?? 0, icon: <UsergroupAddOutlined />, color: '#4f46e5' },
          { title: 'Interested', value: s?.interested ?? 0, icon: <BulbOutlined />, color: '#0ea5e9' },
          { title: 'Today', value: s?.today ?? 0, icon: <ClockCircleOutlined />, color: '#f59e0b' },
        ]}
      />
      {error && !data && <LoadError title="Failed to load interests" error={error} onRetry={reload} />}
      <Card>
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          placeholder="Search by name, email, or phone..."
          status={list.status}
          onStatus={list.setStatus}
          statuses={STATUSES}
          mailto={emails.length ? bulkMailto(emails, MAILTO_BODIES.interests) : null}
          onExport={exportCsv}
          exporting={exporting}
          exportDisabledReason={reason ?? (data && data.total === 0 ? 'No interests to export' : undefined)}
        />
        {data && (
          <Typography.Text type="secondary" data-testid="list-counter" style={{ display: 'block', marginBottom: 12 }}>
            {data.total} of {data.summary.total} interests
          </Typography.Text>
        )}
        {!data && !error ? (
          <SkeletonCards />
        ) : (
          <Table<Interest>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.items ?? []}
            loading={loading && !!data}
            scroll={{ x: 960 }}
            data-testid="interests-table"
            locale={{
              emptyText: (
                <ListEmpty
                  title="No interests found"
                  description={list.filtered ? 'No interests match your current filters.' : 'Interest and issue requests will appear here.'}
                />
              ),
            }}
            pagination={{ current: page, pageSize, total: data?.total ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, onChange: list.setPaging }}
          />
        )}
      </Card>
    </>
  );
}
