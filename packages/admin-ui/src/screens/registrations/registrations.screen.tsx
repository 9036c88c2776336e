import { CheckCircleOutlined, ClockCircleOutlined, DollarOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import {
  formatCents,
  formatDateTime,
  formatShortDate,
  MAILTO_BODIES,
  REGISTRATION_STATUS_LABELS,
  registrationCsvFileName,
  type Registration,
  type RegistrationStatus,
  type RegistrationSummary,
} from '@workshop/shared';
import { Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router-dom';
import { useRegistrationPath } from '../../app/admin-paths';
import { useApi } from '../../app/api-context';
import { campaignText } from '../../components/campaign-text';
import { ClippedText } from '../../components/clipped-text';
import { ListScreen } from '../../components/list-screen';
import { CardHead } from '../../components/phone-list';
import type { StatCard } from '../../components/stat-cards';
import { StatusReason } from '../../components/status-reason';
import { StatusTag } from '../../components/status-tag';
import { useOwnerWrites } from '../../session/owner-writes';
import { useLive } from '../../queries/live.store';
import { AddBookingDialog } from './add-booking-dialog';
import { useCachedQuery } from '../../queries/use-cached-query';

// The SPEC's three first, then the states payments add.
const ORDER: RegistrationStatus[] = ['completed', 'pending', 'failed', 'refund_pending', 'refunded', 'cancelled'];
const STATUSES = ORDER.map((value) => ({ value, label: REGISTRATION_STATUS_LABELS[value] }));

const cards = (s: RegistrationSummary | undefined): StatCard[] => [
  { title: 'Total Registrations', value: s?.total ?? 0, icon: <TeamOutlined />, color: '#4f46e5' },
  { title: 'Completed', value: s?.completed ?? 0, icon: <CheckCircleOutlined />, color: '#10b981' },
  { title: 'Total Revenue', value: formatCents(s?.revenue_cents ?? 0), icon: <DollarOutlined />, color: '#0ea5e9' },
  { title: 'Today', value: s?.today ?? 0, icon: <ClockCircleOutlined />, color: '#f59e0b' },
];

/** Every row opens its registration; the name is also a real link (keyboard, new tab). */
const columns = (detail: (id: string) => string): ColumnsType<Registration> => [
  // Who and what state stay pinned at the edges while the middle columns scroll on a narrower screen.
  {
    title: 'Name',
    dataIndex: 'name',
    fixed: 'left',
    render: (v: string, r) => (
      <Link to={detail(r.id)} onClick={(e) => e.stopPropagation()} style={{ fontWeight: 600, display: 'inline-block', minWidth: 110, maxWidth: 200 }} data-testid="registration-link">
        {v}
      </Link>
    ),
  },
  { title: 'Email', dataIndex: 'email', render: (v: string) => <ClippedText text={v} width={280} /> },
  { title: 'Access ID', dataIndex: 'access_id', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
  { title: 'Workshop', dataIndex: 'workshop_title', render: (v: string) => <span style={{ display: 'inline-block', minWidth: 140 }}>{v}</span> },
  { title: 'Payment ID', dataIndex: 'payment_id', render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text> },
  { title: 'Date', dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
  { title: 'Source', key: 'source', render: (_: unknown, r: Registration) => campaignText(r) ?? <Typography.Text type="secondary">—</Typography.Text> },
  {
    title: 'Promo Code',
    dataIndex: 'promo_code',
    render: (v: string | null, r) => (v ? <span data-testid="row-promo">{`${v} (−${formatCents(r.discount_cents)})`}</span> : <Typography.Text type="secondary">—</Typography.Text>),
  },
  { title: 'Seats', dataIndex: 'seats', align: 'right', render: (v: number, r) => <span data-testid="row-seats">{seatCount(r)}</span> },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    fixed: 'right',
    render: (v: number, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatCents(v)}
        {r.by_hand_payment && <Typography.Text type="secondary" data-testid="row-by-hand">{` (${BY_HAND_SHORT[r.by_hand_payment]})`}</Typography.Text>}
      </span>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    fixed: 'right',
    render: (v: RegistrationStatus, r) => (
      <>
        <StatusTag status={v} />
        <StatusReason reason={r.status_reason} />
      </>
    ),
  },
];

/** A booking added by hand, in the list's few words. */
const BY_HAND_SHORT = { complimentary: 'complimentary', offline: 'offline' } as const;

/** "3", or "2 of 3" once some seats of the order were cancelled. */
const seatCount = (r: Registration) => (r.seats === r.seats_bought || r.status !== 'completed' ? String(r.seats_bought) : `${r.seats} of ${r.seats_bought}`);

/** A team booking's attendees, under its row. */
function Attendees({ r }: { r: Registration }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="row-attendees">
      {r.attendees.map((a) => (
        <li key={a.id}>
          {`Seat ${a.position}: `}
          {a.name ? `${a.name} (${a.email})` : <Typography.Text type="secondary">not named yet</Typography.Text>}
          {a.status === 'cancelled' && <Typography.Text type="secondary"> · cancelled</Typography.Text>}
        </li>
      ))}
    </ul>
  );
}

/** A registration on a phone: who, for which workshop, how much, when, and its state. */
function RegistrationCard({ r, href }: { r: Registration; href: string }) {
  return (
    <>
      <CardHead
        title={
          <Link to={href} data-testid="registration-link">
            {r.name}
          </Link>
        }
        extra={<StatusTag status={r.status} />}
      />
      <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere', fontSize: 13 }}>
        {r.email}
      </Typography.Text>
      <div style={{ marginTop: 6 }}>{r.workshop_title}</div>
      <div style={{ fontSize: 13 }}>
        <Typography.Text strong>{formatCents(r.amount)}</Typography.Text>
        {r.by_hand_payment && ` (${BY_HAND_SHORT[r.by_hand_payment]})`}
        {r.promo_code && ` (${r.promo_code}, −${formatCents(r.discount_cents)})`}
        {r.seats_bought > 1 && ` · ${seatCount(r)} seats`} · {formatDateTime(r.created_at)}
      </div>
      {r.seats_bought > 1 && (
        <div style={{ marginTop: 4, fontSize: 13 }}>
          <Attendees r={r} />
        </div>
      )}
      <div style={{ marginTop: 4, fontSize: 12 }}>
        <Typography.Text code>{r.access_id}</Typography.Text>
        <StatusReason reason={r.status_reason} />
      </div>
    </>
  );
}

export function RegistrationsScreen() {
  const api = useApi();
  const live = useLive((s) => s.registrationsVersion);
  // The workshop filter's choices: the same list the Workshops screen shows (and caches).
  const workshops = useCachedQuery('workshops', () => api.admin.workshops.list()).data ?? [];
  const detail = useRegistrationPath();
  const navigate = useNavigate();
  const { blocked, reason } = useOwnerWrites();
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Tooltip title={reason}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={blocked} data-testid="add-booking">
        Add booking
      </Button>
    </Tooltip>
  );
  return (
    <>
    {adding && <AddBookingDialog workshops={workshops} open onClose={() => setAdding(false)} onDone={(id) => navigate(detail(id))} />}
    <ListScreen<Registration, RegistrationStatus, RegistrationSummary>
      headerExtra={addButton}
      noun="registrations"
      title="Registration Management"
      subtitle="Every registration and payment, newest first"
      cards={cards}
      searchPlaceholder="Search by name, email, or registration ID..."
      statuses={STATUSES}
      mailtoBody={MAILTO_BODIES.registrations}
      load={(query) => api.admin.registrations.list(query)}
      emails={(filters) => api.admin.registrations.emails(filters)}
      refreshKey={live}
      csv={{ fileName: registrationCsvFileName, load: (filters) => api.admin.registrations.exportCsv(filters), success: 'Registration data exported successfully' }}
      columns={() => columns(detail)}
      rowHref={(r) => detail(r.id)}
      expandable={{ rowExpandable: (r) => r.seats_bought > 1, expandedRowRender: (r) => <Attendees r={r} /> }}
      card={(r) => <RegistrationCard r={r} href={detail(r.id)} />}
      emptyDescription="Registrations will appear here once people sign up."
      workshops={workshops.map((w) => ({ value: w.id, label: `${w.title} (${formatShortDate(w.date)})` }))}
    />
    </>
  );
}
