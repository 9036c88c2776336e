import { formatDateTime, type AttendeeMessage } from '@workshop/shared';
import { Flex, List, Typography } from 'antd';
import { SendStatus } from '../../components/send-status';

/** "3 sent · 1 queued": where a message's emails stand, at a glance. */
export function recipientCounts(m: AttendeeMessage): string {
  if (m.recipients.length === 0) return 'No recipients';
  const counts = new Map<string, number>();
  for (const r of m.recipients) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(' · ');
}

/** Every person a message went to, with its email's state. */
export function MessageRecipients({ message }: { message: AttendeeMessage }) {
  return (
    <List
      size="small"
      data-testid="message-recipients"
      dataSource={message.recipients}
      locale={{ emptyText: 'Nobody had a paid booking, so nothing was sent.' }}
      renderItem={(r) => (
        <List.Item data-testid="recipient-row" style={{ paddingInline: 0 }}>
          <Flex vertical style={{ width: '100%', minWidth: 0 }}>
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="recipient-email">
                {r.to_email}
              </Typography.Text>
              <SendStatus status={r.status} />
            </Flex>
            {r.sent_at && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Sent {formatDateTime(r.sent_at)}
              </Typography.Text>
            )}
            {r.last_error && (
              <Typography.Text type="danger" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                Last error: {r.last_error}
              </Typography.Text>
            )}
          </Flex>
        </List.Item>
      )}
    />
  );
}
