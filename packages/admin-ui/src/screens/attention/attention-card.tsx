import { MailOutlined, RedoOutlined } from '@ant-design/icons';
import { ATTENTION_KIND_LABELS, ATTENTION_RETRY_MESSAGES, formatCents, formatDateTime, type AttentionItem, type AttentionKind } from '@workshop/shared';
import { Button, Card, Collapse, Descriptions, Flex, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useOwnerWrites } from '../../session/owner-writes';
import { AttentionTimeline } from './attention-timeline';
import { CorrectEmailDialog } from './correct-email-dialog';
import { useAppApi } from '../../app/app-api';

const KIND_COLORS: Record<AttentionKind, string> = {
  refund_failing: 'error',
  capture_pending: 'processing',
  amount_mismatch: 'warning',
  unattributed: 'magenta',
  checkout_stuck: 'orange',
  email_bounced: 'volcano',
};

const PROVIDERS: Record<string, string> = { paypal: 'PayPal', razorpay: 'Razorpay' };

const money = (cents: number, currency: string) => (currency === 'USD' ? formatCents(cents) : `${(cents / 100).toFixed(2)} ${currency}`);
const mono = (text: string) => (
  <Typography.Text code copyable={{ text }} style={{ wordBreak: 'break-all' }}>
    {text}
  </Typography.Text>
);

/** One thing that needs an admin: what it is, who, what was tried, its events, and Retry. */
export function AttentionCard({ item, onRetried }: { item: AttentionItem; onRetried: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const { blocked, reason } = useOwnerWrites();
  const [busy, setBusy] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const reg = item.registration;

  async function retry() {
    if (!item.retry) return;
    setBusy(true);
    try {
      const { target, id } = item.retry;
      await (target === 'refund' ? api.admin.attention.retryRefund(id) : api.admin.attention.retryRegistration(id));
      message.success(ATTENTION_RETRY_MESSAGES[target]);
      onRetried();
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : 'Retry failed');
    } finally {
      setBusy(false);
    }
  }

  const details: DescriptionsProps['items'] = [
    {
      key: 'who',
      label: 'Who',
      children: reg ? (
        <span>
          <Typography.Text strong>{reg.name}</Typography.Text> · {reg.email}
        </span>
      ) : (
        <Typography.Text type="secondary">No registration</Typography.Text>
      ),
    },
    ...(reg ? [{ key: 'workshop', label: 'Workshop', children: reg.workshop_title }, { key: 'access', label: 'Access ID', children: mono(reg.access_id) }] : []),
    { key: 'provider', label: 'Provider', children: item.provider ? PROVIDERS[item.provider] : '—' },
    ...(item.payment_id ? [{ key: 'payment', label: 'Payment ID', children: mono(item.payment_id) }] : []),
    ...(item.order_id ? [{ key: 'order', label: 'Order ID', children: mono(item.order_id) }] : []),
    { key: 'started', label: 'Started', children: formatDateTime(item.started_at) },
    ...(item.attempts !== null ? [{ key: 'attempts', label: 'Attempts', children: <span data-testid="attention-attempts">{item.attempts}</span> }] : []),
    ...(item.next_check_at ? [{ key: 'next', label: 'Next check', children: formatDateTime(item.next_check_at) }] : []),
    ...(item.last_error
      ? [
          {
            key: 'error',
            label: 'Last error',
            span: 'filled' as const,
            children: (
              <Typography.Text type="danger" style={{ wordBreak: 'break-word' }} data-testid="attention-error">
                {item.last_error}
              </Typography.Text>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card size="small" data-testid="attention-item" data-kind={item.kind} styles={{ body: { padding: 16 } }}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Flex align="center" gap={10} wrap>
          <Tag color={KIND_COLORS[item.kind]} variant="filled" style={{ marginInlineEnd: 0 }} data-testid="attention-kind">
            {ATTENTION_KIND_LABELS[item.kind]}
          </Tag>
          {/* An email item is about a person's way in, not an amount of money. */}
          {!item.email && (
            <Typography.Text strong style={{ fontSize: 18 }} data-testid="attention-amount">
              {money(item.amount_cents, item.currency)}
            </Typography.Text>
          )}
        </Flex>
        {item.email && reg && (
          <Button icon={<MailOutlined />} onClick={() => setCorrecting(true)} disabled={blocked} title={reason} data-testid="attention-correct-email">
            Correct email and resend
          </Button>
        )}
        {item.retry && (
          <Button icon={<RedoOutlined />} onClick={retry} loading={busy} disabled={blocked} title={reason} data-testid="attention-retry">
            Retry
          </Button>
        )}
      </Flex>
      <Typography.Paragraph style={{ margin: '10px 0 12px' }} data-testid="attention-explanation">
        {item.explanation}
      </Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 3 }} items={details} />
      <Collapse
        ghost
        size="small"
        style={{ marginTop: 8, marginInline: -12 }}
        items={[
          {
            key: 'timeline',
            label: `Payment timeline (${item.timeline.length} ${item.timeline.length === 1 ? 'event' : 'events'})`,
            children: <AttentionTimeline events={item.timeline} />,
          },
        ]}
        data-testid="attention-timeline-toggle"
      />
      {item.email && reg && <CorrectEmailDialog registrationId={reg.id} name={reg.name} email={item.email} open={correcting} onClose={() => setCorrecting(false)} onDone={onRetried} />}
    </Card>
  );
}
