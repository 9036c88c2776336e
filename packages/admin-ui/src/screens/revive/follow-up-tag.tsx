import { formatCents, formatDateTime, type RecoveryState } from '@workshop/shared';
import { Flex, Tag, Typography } from 'antd';

const SKIPPED: Record<string, string> = {
  booked: 'booked since',
  checking_out: 'was checking out again',
  full: 'workshop full',
  started: 'workshop started',
  closed: 'registration closed',
  unsubscribed: 'unsubscribed',
  disabled: 'follow-ups turned off',
};

/** Whether the abandoned checkout was emailed, and whether the person came back and paid. */
export function FollowUpTag({ recovery }: { recovery: RecoveryState | null }) {
  if (!recovery) return <Typography.Text type="secondary">—</Typography.Text>;
  if (recovery.status === 'scheduled') return <Tag data-testid="follow-up">Email planned</Tag>;
  if (recovery.status === 'skipped') return <Tag data-testid="follow-up">Not emailed: {SKIPPED[recovery.skip_reason ?? ''] ?? recovery.skip_reason}</Tag>;
  return (
    <Flex vertical gap={2} data-testid="follow-up">
      <span style={{ whiteSpace: 'nowrap' }}>Emailed {formatDateTime(recovery.sent_at!)}</span>
      {recovery.recovered_at ? (
        <Tag color="green">Came back and paid {formatCents(recovery.recovered_amount_cents ?? 0)}</Tag>
      ) : recovery.returned_at ? (
        <Tag color="blue">Came back, not paid yet</Tag>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Not back yet
        </Typography.Text>
      )}
    </Flex>
  );
}
