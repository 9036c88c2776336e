import { Tag } from 'antd';

const COLORS: Record<string, string> = {
  completed: 'success',
  pending: 'warning',
  failed: 'error',
  refunded: 'default',
  interested: 'processing',
  contacted: 'warning',
  converted: 'success',
};

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} variant="filled" data-testid="status-badge">
      {label(status)}
    </Tag>
  );
}
