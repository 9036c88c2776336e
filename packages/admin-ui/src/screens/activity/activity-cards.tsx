import { formatDateTime, type ActivityEntry } from '@workshop/shared';
import { Card, Collapse, Flex, Tag, Typography } from 'antd';
import { ActivityDiff } from './activity-diff';
import { actionLabel } from './activity-labels';
import { ActivityTarget, statusColor } from './activity-parts';

/** The activity log on a phone: one card per write, its changes a tap away at full width. */
export function ActivityCards({ items, detail }: { items: ActivityEntry[]; detail: (id: string) => string }) {
  return (
    <Flex vertical gap={12} data-testid="activity-cards">
      {items.map((e) => (
        <Card key={e.id} size="small" data-testid="activity-card" styles={{ body: { padding: 12 } }}>
          <Flex justify="space-between" align="flex-start" gap={8}>
            <Typography.Text strong>{actionLabel(e.action) ?? 'Change'}</Typography.Text>
            <Tag color={statusColor(e.status)} style={{ marginInlineEnd: 0 }} data-testid="activity-status">
              {e.status}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, wordBreak: 'break-all' }} data-testid="activity-action">
            {e.action}
          </Typography.Text>
          <Typography.Text style={{ display: 'block', fontSize: 13, marginTop: 4 }}>
            {formatDateTime(e.created_at)} · {e.actor_email ? <span data-testid="activity-actor">{e.actor_email}</span> : 'System'}
          </Typography.Text>
          <div style={{ fontSize: 13 }}>
            <ActivityTarget entry={e} detail={detail} />
          </div>
          <Collapse
            ghost
            size="small"
            style={{ marginInline: -12, marginBottom: -8 }}
            items={[{ key: 'diff', label: 'Show changes', children: <ActivityDiff before={e.before} after={e.after} /> }]}
          />
        </Card>
      ))}
    </Flex>
  );
}
