import { BulbOutlined, ClockCircleOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { formatDateTime, interestCsvFileName, MAILTO_BODIES, type Interest, type InterestStatus, type InterestSummary } from '@workshop/shared';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApi } from '../../app/api-context';
import { ListScreen, type ListRowContext } from '../../components/list-screen';
import type { StatCard } from '../../components/stat-cards';
import { StatusTag } from '../../components/status-tag';
import { InterestStatusAction } from './interest-status-action';

const STATUSES: { value: InterestStatus; label: string }[] = [
  { value: 'interested', label: 'Interested' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'converted', label: 'Converted' },
];

const cards = (s: InterestSummary | undefined): StatCard[] => [
  { title: 'Total Interests', value: s?.total ?? 0, icon: <UsergroupAddOutlined />, color: '#4f46e5' },
  { title: 'Interested', value: s?.interested ?? 0, icon: <BulbOutlined />, color: '#0ea5e9' },
  { title: 'Today', value: s?.today ?? 0, icon: <ClockCircleOutlined />, color: '#f59e0b' },
];

const columns = ({ offline, reload }: ListRowContext): ColumnsType<Interest> => [
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

export function InterestsScreen() {
  const api = useApi();
  return (
    <ListScreen<Interest, InterestStatus, InterestSummary>
      noun="interests"
      title="Interest Management"
      subtitle="People who asked to hear from us, and issue reports"
      cards={cards}
      searchPlaceholder="Search by name, email, or phone..."
      statuses={STATUSES}
      mailtoBody={MAILTO_BODIES.interests}
      load={(query) => api.admin.interests.list(query)}
      csv={{ fileName: interestCsvFileName, load: (filters) => api.admin.interests.exportCsv(filters), success: 'Interest data exported successfully' }}
      columns={columns}
      emptyDescription="Interest and issue requests will appear here."
    />
  );
}
