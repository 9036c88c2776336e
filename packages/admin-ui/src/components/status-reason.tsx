import { Tooltip, Typography } from 'antd';

/** What the server's status_reason values mean to an admin: a short label, and the whole story on hover. */
const REASONS: Record<string, [label: string, detail: string]> = {
  refund_pending: ['Refund pending', 'Paid after the workshop filled up. The refund is queued and retried until the payment provider accepts it.'],
  workshop_full_refunded: ['Workshop was full', 'Paid after the workshop filled up, so the payment was refunded in full and the buyer was emailed.'],
  amount_mismatch: ['Amount mismatch', 'The amount paid did not match the workshop price, so it was not accepted and is refunded.'],
  hold_expired: ['Hold expired', 'The seat hold ran out before any payment arrived.'],
  cancelled: ['Cancelled', 'The buyer cancelled at the payment provider.'],
  declined: ['Declined', 'The payment provider declined the payment.'],
  provider_error: ['Provider error', 'The payment provider could not start the checkout.'],
  refunded_at_provider: ['Refunded at provider', 'Refunded from the payment provider\'s dashboard.'],
};

/** The reason beside a registration's status, for the ones that did not simply complete. */
export function StatusReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  const [label, detail] = REASONS[reason] ?? [reason.replace(/_/g, ' '), ''];
  const text = (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 2, whiteSpace: 'nowrap' }} data-testid="status-reason">
      {label}
    </Typography.Text>
  );
  return detail ? <Tooltip title={detail}>{text}</Tooltip> : text;
}
