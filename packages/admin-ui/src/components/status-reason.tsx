import { Tooltip, Typography } from 'antd';

/** What the server's status_reason values mean to an admin: a short label, and the whole story on hover. */
const REASONS: Record<string, [label: string, detail: string]> = {
  workshop_full_refunded: ['Workshop was full', 'Paid after the workshop filled up, so the payment is refunded in full (retried until the provider accepts) and the buyer is emailed.'],
  workshop_full_not_charged: ['Full, not charged', 'Approved after the workshop filled up, so the payment was never captured: no money was taken.'],
  capture_pending: ['Capture pending', 'The payment provider is still completing this payment; the seat is settled when it does.'],
  replaced: ['Replaced', 'The buyer started another checkout for the same workshop; this hold was let go.'],
  amount_mismatch: ['Amount mismatch', 'The amount paid did not match the workshop price, so it was not accepted and is refunded.'],
  hold_expired: ['Hold expired', 'The seat hold ran out before any payment arrived.'],
  cancelled: ['Cancelled', 'The buyer cancelled or closed the payment window.'],
  declined: ['Declined', 'The payment provider declined the payment.'],
  provider_error: ['Provider error', 'The payment provider could not start the checkout.'],
  refunded_at_provider: ['Refunded at provider', 'Refunded from the payment provider\'s dashboard.'],
  cancelled_by_buyer: ['Cancelled by buyer', 'The buyer cancelled from their booking link; what the policy allows is refunded.'],
  cancelled_by_admin: ['Cancelled by admin', 'An admin cancelled this booking without a refund.'],
  refunded_by_admin: ['Refunded by admin', 'An admin cancelled this booking and refunded the amount they chose.'],
  cancelled_by_organiser: ['Workshop cancelled', 'The workshop was cancelled: everything paid for this booking is refunded, with no fee.'],
  workshop_cancelled: ['Workshop cancelled', 'The workshop was cancelled before this checkout was paid; it was ended.'],
  workshop_cancelled_refunded: ['Paid after cancellation', 'Paid after the workshop was cancelled, so the payment is refunded in full and the buyer is emailed.'],
  erased_refunded: ['Erased, refunded', 'Paid for a checkout of a person whose data was erased on request since: nobody could be seated or told, so the payment is refunded in full.'],
  already_booked_refunded: ['Had a seat, refunded', 'Paid when its person already had a seat in this workshop from another booking (a replaced checkout paid late, say): one seat per person, so the payment is refunded in full and the buyer is emailed.'],
  replaced_refunded: ['Replaced, refunded', 'Paid for a checkout the buyer had replaced, while their newer checkout held the last seat: the payment is refunded in full and the buyer is emailed.'],
  already_booked_not_charged: ['Had a seat, not charged', 'Approved when its person already had a seat in this workshop from another booking: one seat per person, so the payment was never captured.'],
  workshop_cancelled_not_charged: ['Cancelled, not charged', 'Approved after the workshop was cancelled, so the payment was never captured: no money was taken.'],
};

/** A status_reason as [short label, explanation] (the explanation may be empty for a reason this UI does not know). */
export function describeReason(reason: string): [label: string, detail: string] {
  return REASONS[reason] ?? [reason.replace(/_/g, ' '), ''];
}

/** The reason beside a registration's status, for the ones that did not simply complete. */
export function StatusReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  const [label, detail] = describeReason(reason);
  const text = (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 2, whiteSpace: 'nowrap' }} data-testid="status-reason">
      {label}
    </Typography.Text>
  );
  return detail ? <Tooltip title={detail}>{text}</Tooltip> : text;
}
