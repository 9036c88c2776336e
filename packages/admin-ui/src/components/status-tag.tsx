import { REGISTRATION_STATUS_LABELS } from '@workshop/shared';
import { Tag } from 'antd';

const COLORS: Record<string, string> = {
  completed: 'success',
  pending: 'warning',
  failed: 'error',
  refund_pending: 'orange',
  refunded: 'default',
  cancelled: 'default',
  interested: 'processing',
  contacted: 'warning',
  converted: 'success',
};

const LABELS: Record<string, string> = REGISTRATION_STATUS_LABELS;
const label = (s: string) => LABELS[s] ?? s.charAt(0).toUpperCase() + s.slice(1);

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} variant="filled" data-testid="status-badge">
      {label(status)}
    </Tag>
  );
}
