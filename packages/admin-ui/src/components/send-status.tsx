import { Tag } from 'antd';

const COLORS: Record<string, string> = { queued: 'processing', sent: 'success', failed: 'error', succeeded: 'success', bounced: 'error', delivered: 'success', deferred: 'warning', spam_report: 'error' };

/** Where an email (or a refund) stands: queued, sent, delivered, deferred, failed, bounced, as a coloured tag. */
export function SendStatus({ status, label }: { status: string; label?: string }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} variant="filled" data-testid="send-status" style={{ marginInlineEnd: 0 }}>
      {label ?? status.charAt(0).toUpperCase() + status.slice(1)}
    </Tag>
  );
}
