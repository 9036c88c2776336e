import { ClockCircleOutlined, PlayCircleOutlined, ScheduleOutlined } from '@ant-design/icons';
import { formatDateTime, MAILTO_BODIES, videoLeadCsvFileName, type AdminVideoLead, type VideoLeadSummary } from '@workshop/shared';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApi } from '../../app/api-context';
import { ClippedText } from '../../components/clipped-text';
import { ListScreen } from '../../components/list-screen';
import { CardHead } from '../../components/phone-list';
import type { StatCard } from '../../components/stat-cards';

const cards = (s: VideoLeadSummary | undefined): StatCard[] => [
  { title: 'Total Leads', value: s?.total ?? 0, icon: <PlayCircleOutlined />, color: '#4f46e5' },
  { title: 'Today', value: s?.today ?? 0, icon: <ClockCircleOutlined />, color: '#f59e0b' },
  { title: 'With a Workshop', value: s?.with_workshop ?? 0, icon: <ScheduleOutlined />, color: '#0ea5e9' },
];

const none = <Typography.Text type="secondary">—</Typography.Text>;

const columns = (): ColumnsType<AdminVideoLead> => [
  { title: 'Name', dataIndex: 'name', fixed: 'left', render: (v: string) => <Typography.Text strong style={{ display: 'inline-block', minWidth: 110, maxWidth: 200 }}>{v}</Typography.Text> },
  { title: 'Email', dataIndex: 'email', render: (v: string) => <ClippedText text={v} width={260} /> },
  // A lead keeps its row when its workshop is deleted; the title is gone then, as for a preview of none.
  { title: 'Workshop', dataIndex: 'workshop_title', render: (v: string | null) => (v ? <ClippedText text={v} width={280} /> : none) },
  { title: 'Submitted', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
];

/** A lead on a phone: who, their address, the workshop they previewed and when. */
function VideoLeadCard({ lead }: { lead: AdminVideoLead }) {
  return (
    <>
      <CardHead title={lead.name} />
      <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere', fontSize: 13 }}>
        {lead.email}
      </Typography.Text>
      <div style={{ marginTop: 6, overflowWrap: 'anywhere' }}>{lead.workshop_title ?? none}</div>
      <div style={{ fontSize: 12, marginTop: 4 }}>{formatDateTime(lead.created_at)}</div>
    </>
  );
}

export function VideoLeadsScreen() {
  const api = useApi();
  return (
    <ListScreen<AdminVideoLead, never, VideoLeadSummary>
      noun="leads"
      title="Video Leads"
      subtitle="People who gave their name and email to watch the preview video"
      cards={cards}
      searchPlaceholder="Search by name, email, or workshop..."
      statuses={[]}
      mailtoBody={MAILTO_BODIES.videoLeads}
      // No status here: only the search and paging go to the server.
      load={({ q, page, pageSize }) => api.admin.videoLeads.list({ q, page, pageSize })}
      emails={({ q }) => api.admin.videoLeads.emails({ q })}
      csv={{ fileName: videoLeadCsvFileName, load: ({ q }) => api.admin.videoLeads.exportCsv({ q }), success: 'Video lead data exported successfully' }}
      columns={columns}
      card={(lead) => <VideoLeadCard lead={lead} />}
      emptyDescription="Names and emails from the preview video's gate will appear here."
    />
  );
}
