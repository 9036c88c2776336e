import { formatDateTime, type AttentionEvent } from '@workshop/shared';
import { Tag, Timeline, Typography } from 'antd';

/** An item's payment events, oldest first: when, what the provider (or we) recorded, how it ended. */
export function AttentionTimeline({ events, emptyText = 'No payment events were recorded for this item.' }: { events: AttentionEvent[]; emptyText?: string }) {
  if (events.length === 0) {
    return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  }
  return (
    <Timeline
      data-testid="attention-timeline"
      style={{ paddingTop: 8 }}
      items={events.map((e) => ({
        key: e.id,
        content: (
          <div data-testid="timeline-event">
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              {formatDateTime(e.received_at)}
            </Typography.Text>
            <Typography.Text strong style={{ wordBreak: 'break-word' }} data-testid="timeline-type">
              {e.event_type}
            </Typography.Text>{' '}
            {e.outcome && (
              <Tag style={{ marginInlineStart: 4 }} data-testid="timeline-outcome">
                {e.outcome.replace(/_/g, ' ')}
              </Tag>
            )}
          </div>
        ),
      }))}
    />
  );
}
