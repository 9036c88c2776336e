import { formatCents, formatDateTime, type Registration } from '@workshop/shared';
import { Flex, List, Typography } from 'antd';
import { ListEmpty } from '../../components/list-empty';
import { StatusTag } from '../../components/status-tag';

/**
 * The five latest registrations: name and amount on one line, email and date below, each on
 * its own so a long address wraps instead of running into the amount on a phone.
 */
export function RecentRegistrations({ rows }: { rows: Registration[] }) {
  if (rows.length === 0) return <ListEmpty title="No registrations yet" description="New registrations will show up here." />;
  return (
    <List
      dataSource={rows}
      renderItem={(r) => (
        <List.Item data-testid="recent-registration" style={{ display: 'block' }}>
          <Flex justify="space-between" align="baseline" gap={12}>
            <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {r.name}
            </Typography.Text>
            <Flex align="center" gap={8} style={{ flex: 'none' }}>
              <Typography.Text strong data-testid="recent-amount">
                {formatCents(r.amount)}
              </Typography.Text>
              <StatusTag status={r.status} />
            </Flex>
          </Flex>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, overflowWrap: 'anywhere' }} data-testid="recent-email">
            {r.email}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.workshop_title} · {formatDateTime(r.created_at)}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
