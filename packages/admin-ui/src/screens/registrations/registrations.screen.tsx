import { CheckCircleOutlined, ClockCircleOutlined, DollarOutlined, TeamOutlined } from '@ant-design/icons';
import {
  formatCents,
  formatDateTime,
  MAILTO_BODIES,
  registrationCsvFileName,
  type Registration,
  type RegistrationStatus,
  type RegistrationSummary,
} from '@workshop/shared';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApi } from '../../app/api-context';
import { ListScreen } from '../../components/list-screen';
import type { StatCard } from '../../components/stat-cards';
import { StatusReason } from '../../components/status-reason';
import { StatusTag } from '../../components/status-tag';
import { useLive } from '../../queries/live.store';

const STATUSES: { value: RegistrationStatus; label: string }[] = [
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
];

const cards = (s: RegistrationSummary | undefined): StatCard[] => [
  { title: 'Total Registrations', value: s?.total ?? 0, icon: <TeamOutlined />, color: '#4f46e5' },
  { title: 'Completed', value: s?.completed ?? 0, icon: <CheckCircleOutlined />, color: '#10b981' },
  { title: 'Total Revenue', value: formatCents(s?.revenue_cents ?? 0), icon: <DollarOutlined />, color: '#0ea5e9' },
  { title: 'Today', value: s?.today ?? 0, icon: <ClockCircleOutlined />, color: '#f59e0b' },
];

const COLUMNS: ColumnsType<Registration> = [
  { title: 'Name', dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
  { title: 'Email', dataIndex: 'email', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span> },
  { title: 'Access ID', dataIndex: 'access_id', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
  { title: 'Payment ID', dataIndex: 'payment_id', render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text> },
  { title: 'Date', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (v: RegistrationStatus, r) => (
      <>
        <StatusTag status={v} />
        <StatusReason reason={r.status_reason} />
      </>
    ),
  },
];

export function RegistrationsScreen() {
  const api = useApi();
  const live = useLive((s) => s.registrationsVersion);
  return (
    <ListScreen<Registration, RegistrationStatus, RegistrationSummary>
      noun="registrations"
      title="Registration Management"
      subtitle="Every registration and payment, newest first"
      cards={cards}
      searchPlaceholder="Search by name, email, or registration ID..."
      statuses={STATUSES}
      mailtoBody={MAILTO_BODIES.registrations}
      load={(query) => api.admin.registrations.list(query)}
      refreshKey={live}
      csv={{ fileName: registrationCsvFileName, load: (filters) => api.admin.registrations.exportCsv(filters), success: 'Registration data exported successfully' }}
      columns={() => COLUMNS}
      emptyDescription="Registrations will appear here once people sign up."
    />
  );
}
