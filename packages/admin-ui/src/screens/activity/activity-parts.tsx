import type { ActivityEntry } from '@workshop/shared';
import { Typography } from 'antd';
import { Link } from 'react-router-dom';

export const statusColor = (s: number) => (s >= 500 ? 'error' : s >= 400 ? 'warning' : 'success');

/** What a write touched: its kind and short id; a registration links to its page. */
export function ActivityTarget({ entry: e, detail }: { entry: ActivityEntry; detail: (id: string) => string }) {
  if (!e.target_type && !e.target_id) return <Typography.Text type="secondary">—</Typography.Text>;
  const id = e.target_id && (
    <Typography.Text code copyable={{ text: e.target_id }} style={{ fontSize: 12 }}>
      {/^[0-9a-f-]{36}$/i.test(e.target_id) ? e.target_id.slice(0, 8) : e.target_id}
    </Typography.Text>
  );
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid="activity-target">
      {e.target_type === 'registration' && e.target_id ? <Link to={detail(e.target_id)}>registration</Link> : e.target_type} {id}
    </span>
  );
}
