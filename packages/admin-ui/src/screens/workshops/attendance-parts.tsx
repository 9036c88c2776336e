import { ATTENDANCE_MESSAGES, formatDateTime, type AttendanceMark, type AttendanceRow } from '@workshop/shared';
import { Button, Flex, Radio, Tag, Tooltip, Typography } from 'antd';

/** Who sits on the seat: its named person, or its buyer's unnamed seat. */
export function SeatPerson({ r }: { r: AttendanceRow }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong>{r.name ?? 'Unnamed seat'}</Typography.Text>
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {r.email ?? `Booked by ${r.buyer_name} (${r.buyer_email})`}
      </Typography.Text>
    </Flex>
  );
}

/** The first time in by the link; `said` on a card, where no column heading says it. */
export function SeatJoined({ r, said = false }: { r: AttendanceRow; said?: boolean }) {
  return r.first_joined_at ? (
    <span data-testid="attendance-joined" style={{ whiteSpace: said ? undefined : 'nowrap' }}>
      {said ? 'Joined ' : ''}
      {formatDateTime(r.first_joined_at)}
    </span>
  ) : (
    <Typography.Text type="secondary" data-testid="attendance-joined">
      Not joined
    </Typography.Text>
  );
}

/** What counts: the admin's mark over the link's record, said so when it is a mark. */
export function SeatStatus({ r }: { r: AttendanceRow }) {
  const label = r.attended ? 'Attended' : r.mark === 'absent' ? 'Absent' : 'No sign of them';
  return (
    <Tag color={r.attended ? 'success' : r.mark === 'absent' ? 'error' : 'default'} data-testid="attendance-status">
      {label}
      {r.mark ? ' (marked)' : ''}
    </Tag>
  );
}

const CHOICES = [
  { label: 'By link', value: 'link' },
  { label: 'Attended', value: 'attended' },
  { label: 'Absent', value: 'absent' },
];

/** The admin's word on the seat; "By link" hands it back to what the join link recorded. */
export function SeatMark({ r, disabled, reason, busy, onMark }: { r: AttendanceRow; disabled: boolean; reason?: string; busy: boolean; onMark: (r: AttendanceRow, mark: AttendanceMark | null) => void }) {
  return (
    <Tooltip title={disabled ? (reason ?? ATTENDANCE_MESSAGES.notYet) : undefined}>
      <Radio.Group
        size="small"
        optionType="button"
        options={CHOICES}
        value={r.mark ?? 'link'}
        disabled={disabled || busy}
        onChange={(e) => onMark(r, e.target.value === 'link' ? null : (e.target.value as AttendanceMark))}
        aria-label={`Attendance of ${r.name ?? 'an unnamed seat'}`}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="attendance-mark"
      />
    </Tooltip>
  );
}

/** The seat's certificate: its public page, and a reissue after a name correction (owners; a seat that attended without one gets its first). */
export function SeatCertificate({ r, siteUrl, blocked, reason, busy, onReissue }: { r: AttendanceRow; siteUrl: string; blocked: boolean; reason?: string; busy: boolean; onReissue: (r: AttendanceRow) => void }) {
  if (!r.certificate_id && !r.attended) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Flex gap={8} align="center" wrap>
      {r.certificate_id && (
        <Typography.Link href={`${siteUrl}/certificates/${r.certificate_id}`} target="_blank" rel="noreferrer" data-testid="attendance-certificate">
          View
        </Typography.Link>
      )}
      <Tooltip title={reason}>
        <Button size="small" loading={busy} disabled={blocked} onClick={() => onReissue(r)} data-testid="attendance-reissue">
          {r.certificate_id ? 'Reissue' : 'Issue'}
        </Button>
      </Tooltip>
    </Flex>
  );
}
