import { ReloadOutlined } from '@ant-design/icons';
import { ATTENDANCE_MESSAGES, attendanceRate, CERTIFICATE_MESSAGES, type AdminWorkshop, type AttendanceMark, type AttendanceRow, type WorkshopAttendance, type WorkshopFeedback } from '@workshop/shared';
import { Alert, Button, Drawer, Flex, List, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { usePhone } from '../../components/use-phone';
import { usePlatform } from '../../platform/platform';
import { useOffline } from '../../queries/connectivity.store';
import { useOwnerWrites } from '../../session/owner-writes';
import { SeatCertificate, SeatJoined, SeatMark, SeatPerson, SeatStatus } from './attendance-parts';
import { FeedbackSection } from './feedback-section';

interface Props {
  workshop: AdminWorkshop;
  open: boolean;
  onClose: () => void;
  /** A mark changes the card's rate. */
  onMarked: () => void;
}

/**
 * One workshop's register: every seat due, when its person first came in by their join link, and
 * the admin's mark over it (issue 26, point 4), each certificate (point 6), and the feedback
 * (point 7). Staff take the register too: only being offline stops it; certificates are owners'.
 */
export default function AttendanceDrawer({ workshop, open, onClose, onMarked }: Props) {
  const api = useApi();
  const { message, notification } = useAppApi();
  const connectivity = useOffline();
  const owner = useOwnerWrites();
  const siteUrl = usePlatform().apiBaseUrl;
  const phone = usePhone();
  const [list, setList] = useState<WorkshopAttendance | undefined>();
  const [feedback, setFeedback] = useState<WorkshopFeedback | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const [seats, answers] = await Promise.all([api.admin.attendance.list(workshop.id), api.admin.attendance.feedback(workshop.id)]);
      setList(seats);
      setFeedback(answers);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to load the attendance');
    }
  }, [api, workshop.id]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  async function mark(r: AttendanceRow, m: AttendanceMark | null) {
    setBusy(r.attendee_id);
    try {
      await api.admin.attendance.mark(workshop.id, r.attendee_id, m);
      await load();
      onMarked();
    } catch (err) {
      notification.error({ title: 'Could not mark attendance', description: err instanceof Error ? err.message : undefined });
      void load();
    } finally {
      setBusy(null);
    }
  }

  async function reissue(r: AttendanceRow) {
    setBusy(r.attendee_id);
    try {
      await api.admin.attendance.reissueCertificate(workshop.id, r.attendee_id);
      message.success(CERTIFICATE_MESSAGES.reissued);
      await load();
    } catch (err) {
      notification.error({ title: 'Could not issue the certificate', description: err instanceof Error ? err.message : undefined });
    } finally {
      setBusy(null);
    }
  }

  const notYet = list ? Date.now() < new Date(list.marking_opens_at).getTime() : true;
  const disabled = notYet || connectivity.offline;
  const reason = notYet ? ATTENDANCE_MESSAGES.notYet : connectivity.reason;
  const markOf = (r: AttendanceRow) => <SeatMark r={r} disabled={disabled} reason={reason} busy={busy === r.attendee_id} onMark={(x, m) => void mark(x, m)} />;
  const certificateOf = (r: AttendanceRow) => <SeatCertificate r={r} siteUrl={siteUrl} blocked={owner.blocked} reason={owner.reason} busy={busy === r.attendee_id} onReissue={(x) => void reissue(x)} />;
  const seats = list?.summary.seats ?? 0;
  return (
    <Drawer
      title={`Attendance: ${workshop.title}`}
      open={open}
      onClose={onClose}
      size="large"
      data-testid="attendance-drawer"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label="Refresh attendance">
          Refresh
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {list && (
        <Typography.Paragraph data-testid="attendance-summary">
          {notYet ? `${seats} ${seats === 1 ? 'seat' : 'seats'} booked. ${ATTENDANCE_MESSAGES.notYet}` : `${attendanceRate(list.summary)} · ${list.summary.joined} came in by their join link`}
        </Typography.Paragraph>
      )}
      {phone ? (
        <List<AttendanceRow>
          loading={!list && !error}
          dataSource={list?.items ?? []}
          locale={{ emptyText: 'Nobody has booked a seat' }}
          data-testid="attendance-cards"
          renderItem={(r) => (
            <List.Item data-testid="attendance-row" style={{ display: 'block' }}>
              <Flex justify="space-between" align="start" gap={8}>
                <SeatPerson r={r} />
                <SeatStatus r={r} />
              </Flex>
              <Flex vertical gap={8} style={{ marginTop: 8 }}>
                <SeatJoined r={r} said />
                <div>{markOf(r)}</div>
                {(r.certificate_id || r.attended) && <div>Certificate: {certificateOf(r)}</div>}
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Table<AttendanceRow>
          rowKey="attendee_id"
          size="small"
          loading={!list && !error}
          dataSource={list?.items ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: 'Nobody has booked a seat' }}
          data-testid="attendance-table"
          onRow={() => ({ 'data-testid': 'attendance-row' }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: 'Attendee', key: 'person', render: (_, r) => <SeatPerson r={r} /> },
            { title: 'Joined', key: 'joined', render: (_, r) => <SeatJoined r={r} /> },
            { title: 'Status', key: 'status', render: (_, r) => <SeatStatus r={r} /> },
            { title: 'Mark', key: 'mark', render: (_, r) => markOf(r) },
            { title: 'Certificate', key: 'certificate', render: (_, r) => certificateOf(r) },
          ]}
        />
      )}
      <FeedbackSection feedback={feedback} />
    </Drawer>
  );
}
