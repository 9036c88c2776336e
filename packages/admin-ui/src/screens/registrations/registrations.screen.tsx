import { CheckCircleOutlined, ClockCircleOutlined, DollarOutlined, TeamOutlined } from '@ant-design/icons';
import { bulkMailto, formatCents, formatDateTime, MAILTO_BODIES, registrationCsvFileName, type Registration, type RegistrationStatus } from '@workshop/shared';
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
import { useLive } from '../../queries/live.store';
import { useCachedQuery } from '../../queries/use-cached-query';
import { PAGE_SIZES, useListState } from '../../queries/use-list-query';
import { usePlatform } from '../../platform/platform';

const STATUSES: { value: RegistrationStatus; label: string }[] = [
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
];

const columns: ColumnsType<Registration> = [
  { title: 'Name', dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
  { title: 'Email', dataIndex: 'email', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
  { title: 'Access ID', dataIndex: 'access_id', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
  { title: 'Payment ID', dataIndex: 'payment_id', render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text> },
  { title: 'Date', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
  { title: 'Status', dataIndex: 'status', render: (v: RegistrationStatus) => <StatusTag status={v} /> },
];

export function RegistrationsScreen() {
  const api = useApi();
  const platform = usePlatform();
  const { message } = App.useApp();
  const { reason } = useOffline();
  const live = useLive((s) => s.registrationsVersion);
  const list = useListState<RegistrationStatus>();
  const { q, status, page, pageSize } = list.query;
  const { data, error, loading, reload } = useCachedQuery(
    `registrations?q=${q}&status=${status}&page=${page}&pageSize=${pageSize}`,
    () => api.admin.registrations.list(list.query),
    live,
  );
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      if (await saveExport(platform, registrationCsvFileName(), () => api.admin.registrations.exportCsv({ q, status }))) {
        message.success('Registration data exported successfully');
      }
    } catch {
      message.error('Failed to export registrations');
    } finally {
      setExporting(false);
    }
  }

  const s = data?.summary;
  const emails = data?.items.map((r) => r.email) ?? [];
  return (
    <>
      <PageHeader title="Registration Management" subtitle="Every registration and payment, newest first" />
      <StatCards
        loading={!data}
        cards={[
          { title: 'Total Registrations', value: s?.total ?? 0, icon: <TeamOutlined />, color: '#4f46e5' },
          { title: 'Completed', value: s?.completed ?? 0, icon: <CheckCircleOutlined />, color: '#10b981' },
          { title: 'Total Revenue', value: formatCents(s?.revenue_cents ?? 0), icon: <DollarOutlined />, color: '#0ea5e9' },
          { title: 'Today', value: s?.today ?? 0, icon: <ClockCircleOutlined />, color: '#f59e0b' },
        ]}
      />
      {error && !data && <LoadError title="Failed to load registrations" error={error} onRetry={reload} />}
      <Card>
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          placeholder="Search by name, email, or registration ID..."
          status={list.status}
          onStatus={list.setStatus}
          statuses={STATUSES}
          mailto={emails.length ? bulkMailto(emails, MAILTO_BODIES.registrations) : null}
          onExport={exportCsv}
          exporting={exporting}
          exportDisabledReason={reason ?? (data && data.total === 0 ? 'No registrations to export' : undefined)}
        />
        {data && (
          <Typography.Text type="secondary" data-testid="list-counter" style={{ display: 'block', marginBottom: 12 }}>
            {data.total} of {data.summary.total} registrations
          </Typography.Text>
        )}
        {!data && !error ? (
          <SkeletonCards />
        ) : (
          <Table<Registration>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.items ?? []}
            loading={loading && !!data}
            scroll={{ x: 960 }}
            data-testid="registrations-table"
            locale={{
              emptyText: (
                <ListEmpty
                  title="No registrations found"
                  description={list.filtered ? 'No registrations match your current filters.' : 'Registrations will appear here once people sign up.'}
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize,
              total: data?.total ?? 0,
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              hideOnSinglePage: false,
              onChange: list.setPaging,
            }}
          />
        )}
      </Card>
    </>
  );
}
