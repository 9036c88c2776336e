import { formatCents, formatDateTime, type Registration } from '@workshop/shared';
import { Flex } from 'antd';
import { antdVars } from '../../components/antd-vars';
import { ListEmpty } from '../../components/list-empty';
import { StatusTag } from '../../components/status-tag';
import { Text } from '../../components/text';

/**
 * The five latest registrations: name and amount on one line, email and date below, each on
 * its own so a long address wraps instead of running into the amount on a phone.
 */
export function RecentRegistrations({ rows }: { rows: Registration[] }) {
  if (rows.length === 0) return <ListEmpty title="No registrations yet" description="New registrations will show up here." />;
  // A plain list: antd's List brings its pager (and the select inside it) for five rows.
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((r, i) => (
        <li key={r.id} data-testid="recent-registration" style={{ padding: '12px 0', borderTop: i === 0 ? undefined : `1px solid ${antdVars.colorSplit}` }}>
          <Flex justify="space-between" align="baseline" gap={12}>
            <Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {r.name}
            </Text>
            <Flex align="center" gap={8} style={{ flex: 'none' }}>
              <Text strong data-testid="recent-amount">
                {formatCents(r.amount)}
              </Text>
              <StatusTag status={r.status} />
            </Flex>
          </Flex>
          <Text type="secondary" style={{ display: 'block', fontSize: 13, overflowWrap: 'anywhere' }} data-testid="recent-email">
            {r.email}
          </Text>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {r.workshop_title} · {formatDateTime(r.created_at)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
