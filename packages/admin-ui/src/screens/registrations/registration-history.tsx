import { formatCents, formatDateTime, type RegistrationDetail } from '@workshop/shared';
import { Card, Flex, List, Typography } from 'antd';
import { SendStatus } from '../../components/send-status';
import { AttentionTimeline } from '../attention/attention-timeline';

const EMAIL_KINDS: Record<string, string> = {
  confirmation: 'Confirmation',
  confirmation_resend: 'Confirmation (sent again)',
  reminder_24h: 'Reminder, a day before',
  reminder_1h: 'Reminder, an hour before',
  workshop_updated: 'Workshop changed',
  attendee_message: 'Message to attendees',
  cancellation_notice: 'Cancellation notice',
  refund_notice: 'Refund notice',
  duplicate_refund_notice: 'Extra payment refunded',
  admin_notification: 'Admin: new registration',
  admin_refund_notice: 'Admin: automatic refund',
  admin_refund_failed: 'Admin: refund failing',
  admin_email_failed: 'Admin: email failing',
  admin_reconcile_stuck: 'Admin: checkout not settling',
  attendee_confirmation: "Attendee's confirmation",
  attendee_reminder_24h: "Attendee's reminder, a day before",
  attendee_reminder_1h: "Attendee's reminder, an hour before",
  seat_cancelled: 'Seats cancelled',
  attendee_cancelled: "Attendee's seat cancelled",
  credit_note: 'Credit note (refund gone through)',
};
const kindLabel = (kind: string) => EMAIL_KINDS[kind] ?? kind.replace(/_/g, ' ');

const REFUND_LABELS: Record<string, string> = { queued: 'In progress', succeeded: 'Refunded', failed: 'Failed' };
const REFUND_REASONS: Record<string, string> = {
  cancellation: 'Cancellation',
  unattributed: 'No registration owns it',
  amount_mismatch: 'Amount mismatch',
  workshop_full: 'Workshop was full',
  duplicate_payment: 'Paid twice',
  unneeded_payment: 'Payment not needed',
};

const small = { fontSize: 12 } as const;

const DELIVERY_LABELS: Record<string, string> = { delivered: 'Delivered', deferred: 'Deferred', bounced: 'Bounced', dropped: 'Dropped', spam_report: 'Marked as spam' };

/** Past "sent", where SendGrid last said the email stands; one that did not arrive says so whatever came after. */
function emailState(m: RegistrationDetail['emails'][number]): { status: string; label?: string } {
  if (m.bounced_at) return { status: 'bounced', label: m.delivery === 'dropped' ? 'Dropped' : 'Bounced' };
  if (m.status === 'sent' && m.delivery) return { status: m.delivery, label: DELIVERY_LABELS[m.delivery] };
  return { status: m.status };
}

/** What happened to the booking over time: the payment events, every email, every refund. */
export function RegistrationHistory({ detail }: { detail: RegistrationDetail }) {
  const events = detail.payment_events.map((e) => ({ ...e, id: `${e.provider}:${e.event_id}` }));
  return (
    <>
      <Card title={`Payment timeline (${events.length})`} size="small" data-testid="detail-timeline">
        <AttentionTimeline events={events} emptyText="No payment events were recorded for this registration." />
      </Card>
      <Card title={`Emails (${detail.emails.length})`} size="small" data-testid="detail-emails">
        <List
          size="small"
          dataSource={detail.emails}
          locale={{ emptyText: 'No emails were sent for this registration.' }}
          renderItem={(m) => (
            <List.Item data-testid="email-row" data-kind={m.kind} style={{ paddingInline: 0 }}>
              <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
                <Flex justify="space-between" gap={8} wrap>
                  <Typography.Text strong data-testid="email-kind">
                    {kindLabel(m.kind)}
                  </Typography.Text>
                  <SendStatus {...emailState(m)} />
                </Flex>
                {m.subject && <Typography.Text style={{ wordBreak: 'break-word' }}>{m.subject}</Typography.Text>}
                <Typography.Text type="secondary" style={{ ...small, wordBreak: 'break-all' }}>
                  To {m.to_email}
                </Typography.Text>
                <Typography.Text type="secondary" style={small}>
                  Queued {formatDateTime(m.created_at)}
                  {m.sent_at && ` · sent ${formatDateTime(m.sent_at)}`}
                  {m.delivery_at && !m.bounced_at && m.delivery && <span data-testid="email-delivery">{` · ${DELIVERY_LABELS[m.delivery].toLowerCase()} ${formatDateTime(m.delivery_at)}`}</span>} · <span data-testid="email-attempts">{m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}</span>
                </Typography.Text>
                {m.last_error && (
                  <Typography.Text type="danger" style={{ ...small, wordBreak: 'break-word' }} data-testid="email-error">
                    Last error: {m.last_error}
                  </Typography.Text>
                )}
                {m.bounced_at && (
                  <Typography.Text type="danger" style={{ ...small, wordBreak: 'break-word' }} data-testid="email-bounce">
                    Did not arrive ({formatDateTime(m.bounced_at)}): {m.bounce_reason}
                  </Typography.Text>
                )}
              </Flex>
            </List.Item>
          )}
        />
      </Card>
      {detail.refunds.length > 0 && (
        <Card title={`Refunds (${detail.refunds.length})`} size="small" data-testid="detail-refunds">
          <List
            size="small"
            dataSource={detail.refunds}
            renderItem={(f) => (
              <List.Item data-testid="refund-row" style={{ paddingInline: 0 }}>
                <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
                  <Flex justify="space-between" gap={8} wrap>
                    <Typography.Text strong data-testid="refund-amount">
                      {f.currency === 'USD' ? formatCents(f.amount_cents) : `${(f.amount_cents / 100).toFixed(2)} ${f.currency}`}
                    </Typography.Text>
                    <SendStatus status={f.status} label={REFUND_LABELS[f.status]} />
                  </Flex>
                  <Typography.Text type="secondary" style={small}>
                    {REFUND_REASONS[f.reason] ?? f.reason.replace(/_/g, ' ')} · started {formatDateTime(f.created_at)}
                    {f.completed_at && ` · done ${formatDateTime(f.completed_at)}`} · {f.attempts === 1 ? '1 attempt' : `${f.attempts} attempts`}
                  </Typography.Text>
                  {f.last_error && (
                    <Typography.Text type="danger" style={{ ...small, wordBreak: 'break-word' }}>
                      Last error: {f.last_error}
                    </Typography.Text>
                  )}
                </Flex>
              </List.Item>
            )}
          />
        </Card>
      )}
    </>
  );
}
