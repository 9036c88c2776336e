import { formatCents, type AdminWorkshop, type WorkshopCancellation } from '@workshop/shared';
import { Alert, Button, Descriptions, Form, Input, Modal, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

/** How often the dialog looks again while bookings are still being refunded. */
const PROGRESS_POLL_MS = 2_000;

const PROVIDER: Record<string, string> = { paypal: 'PayPal', razorpay: 'Razorpay' };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the cancellation covers (before) or did (after), in the admin's words. */
function Summary({ s }: { s: WorkshopCancellation }) {
  const byHand = s.by_hand?.bookings ? [`paid outside the site: ${plural(s.by_hand.bookings, 'booking')}, ${formatCents(s.by_hand.refund_cents)} to give back by hand`] : [];
  const providers = [...s.providers.map((p) => `${PROVIDER[p.provider]}: ${plural(p.bookings, 'booking')}, ${formatCents(p.refund_cents)}`), ...byHand].join(' · ');
  return (
    <Descriptions size="small" column={1} bordered data-testid="cancel-summary">
      <Descriptions.Item label="Bookings">
        {plural(s.bookings, 'booking')} ({plural(s.seats, 'seat')}){s.free_bookings ? `, ${s.free_bookings} of them free` : ''}
      </Descriptions.Item>
      <Descriptions.Item label={s.cancelled ? 'Refunded in full' : 'Refund in full, no fee'}>
        {formatCents(s.refund_cents)}
        {providers && <Typography.Text type="secondary">{` (${providers})`}</Typography.Text>}
      </Descriptions.Item>
      <Descriptions.Item label="Unpaid checkouts">{s.cancelled ? `${s.open_holds} ended` : `${s.open_holds} will end`}</Descriptions.Item>
      <Descriptions.Item label="Waitlist">{s.cancelled ? `${plural(s.waitlisted, 'person', 'people')} told` : `${plural(s.waitlisted, 'person', 'people')} will be told`}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Calls a workshop off (issue 23): what it would do, the reason everyone is told, the title typed
 * to confirm; then how far the refunds got (they run in the background; this follows them).
 */
export function WorkshopCancelDialog({ workshop, open, onClose, onCancelled }: { workshop: AdminWorkshop; open: boolean; onClose: () => void; onCancelled: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [summary, setSummary] = useState<WorkshopCancellation>();
  const [error, setError] = useState<string>();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!open) return;
    setReason('');
    setTyped('');
    setError(undefined);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let gone = false;
    api.admin.workshops.cancel(workshop.id).then(
      (s) => !gone && setSummary(s),
      (err: unknown) => !gone && setError(err instanceof Error ? err.message : 'Failed to load what cancelling would do'),
    );
    return () => {
      gone = true;
    };
  }, [open, api, workshop.id, tick]);

  const following = open && summary?.cancelled && summary.pending > 0;
  useEffect(() => {
    if (!following) return;
    const t = setTimeout(() => setTick((n) => n + 1), PROGRESS_POLL_MS);
    return () => clearTimeout(t);
  }, [following, summary]);

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      setSummary(await api.admin.workshops.cancel(workshop.id, { reason, confirm: true }));
      message.success('Workshop cancelled: its bookings are being refunded');
      onCancelled();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The workshop could not be cancelled');
    } finally {
      setBusy(false);
    }
  }

  const ready = reason.trim().length > 0 && typed.trim() === workshop.title.trim();
  const done = summary?.cancelled;
  return (
    <Modal
      title={done ? `Cancelled: ${workshop.title}` : `Cancel workshop: ${workshop.title}`}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={
        done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          [
            <Button key="keep" onClick={onClose}>
              Keep the workshop
            </Button>,
            <Button key="cancel" danger type="primary" disabled={!ready || !summary} loading={busy} onClick={confirm} data-testid="cancel-workshop-confirm">
              Cancel workshop and refund everyone
            </Button>,
          ]
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {summary && done && (
        <div data-testid="cancel-progress">
          <Typography.Paragraph>
            Refunded {summary.refunded} of {summary.bookings}
            {summary.pending ? `, pending ${summary.pending}` : ''}.
          </Typography.Paragraph>
          <Progress percent={summary.bookings ? Math.round((summary.refunded / summary.bookings) * 100) : 100} status={summary.pending ? 'active' : 'success'} />
          {summary.reason && <Typography.Paragraph type="secondary">Reason given: {summary.reason}</Typography.Paragraph>}
        </div>
      )}
      {summary && <Summary s={summary} />}
      {summary && !done && (
        <Form layout="vertical" style={{ marginTop: 16 }} requiredMark={false}>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="This cannot be undone"
            description="Registration closes for good, every paid booking is refunded in full with no fee, and everyone who booked or is waiting is emailed."
          />
          <Form.Item label="Reason (told to everyone who booked)" required>
            <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="cancel-reason" />
          </Form.Item>
          <Form.Item label={`Type the workshop's title to confirm: ${workshop.title}`} required>
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" data-testid="cancel-typed-title" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
