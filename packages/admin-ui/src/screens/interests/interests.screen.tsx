import { BulbOutlined, ClockCircleOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { formatDateTime, interestCsvFileName, MAILTO_BODIES, type Interest, type InterestStatus, type InterestSummary } from '@workshop/shared';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApi } from '../../app/api-context';
import { ClippedText } from '../../components/clipped-text';
import { ListScreen, type ListRowContext } from '../../components/list-screen';
import { CardHead } from '../../components/phone-list';
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
  { title: 'Name', dataIndex: 'name', fixed: 'left', render: (v: string) => <Typography.Text strong style={{ display: 'inline-block', minWidth: 110, maxWidth: 200 }}>{v}</Typography.Text> },
  { title: 'Email', dataIndex: 'email', render: (v: string) => <ClippedText text={v} width={260} /> },
  { title: 'Phone', dataIndex: 'phone', render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
  {
    title: 'Message',
    dataIndex: 'message',
    // A long question is cut to one line here (whole on hover and in the CSV), so it never pushes the status and action off-screen.
    render: (v: string) => (v ? <ClippedText text={v} width={260} /> : <Typography.Text type="secondary">—</Typography.Text>),
  },
  { title: 'Submitted', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
  // Kept in view at the right edge even when the table has to scroll sideways.
  { title: 'Status', dataIndex: 'status', fixed: 'right', render: (v: string) => <StatusTag status={v} /> },
  {
    title: '',
    key: 'action',
    align: 'right',
    fixed: 'right',
    render: (_: unknown, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <InterestStatusAction interest={r} disabled={offline} onChanged={reload} />
      </span>
    ),
  },
];

/** An interest on a phone: who, how to reach them, what they asked, and the next step. */
function InterestCard({ i, ctx }: { i: Interest; ctx: ListRowContext }) {
  return (
    <>
      <CardHead title={i.name} extra={<StatusTag status={i.status} />} />
      <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere', fontSize: 13 }}>
        {i.email}
        {i.phone && ` · ${i.phone}`}
      </Typography.Text>
      {i.message && (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: i.message }} style={{ margin: '6px 0 0' }}>
          {i.message}
        </Typography.Paragraph>
      )}
      <div style={{ fontSize: 12, marginTop: 4 }}>{formatDateTime(i.created_at)}</div>
      <div style={{ marginTop: 8 }}>
        <InterestStatusAction interest={i} disabled={ctx.offline} onChanged={ctx.reload} />
      </div>
    </>
  );
}

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
      emails={(filters) => api.admin.interests.emails(filters)}
      csv={{ fileName: interestCsvFileName, load: (filters) => api.admin.interests.exportCsv(filters), success: 'Interest data exported successfully' }}
      columns={columns}
      card={(i, ctx) => <InterestCard i={i} ctx={ctx} />}
      emptyDescription="Interest and issue requests will appear here."
    />
  );
}
