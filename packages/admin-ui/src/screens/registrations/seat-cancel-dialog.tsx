import { formatCents, type RegistrationDetail } from '@workshop/shared';
import { Alert, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';

type Seat = RegistrationDetail['registration']['attendees'][number];

/**
 * Cancel one seat: the admin chooses what of its price goes back (nothing, the policy's share, up
 * to the seat's price); the server decides again with the order locked and never gives back more
 * than is left of the payment.
 */
export function SeatCancelDialog({ detail, seat, onClose, onConfirm }: { detail: RegistrationDetail; seat: Seat | null; onClose: () => void; onConfirm: (seat: Seat, refundCents: number) => Promise<void> }) {
  const r = detail.registration;
  const price = Math.round(r.amount / Math.max(1, r.seats_bought));
  const policy = detail.policy_refund && r.seats > 0 ? detail.policy_refund.refund_cents / r.seats : null;
  // Mounted afresh for each seat (keyed by it), so the policy's share is there from the first frame.
  const [dollars, setDollars] = useState<number | null>((policy ?? 0) / 100);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const cents = Math.round((dollars ?? 0) * 100);

  async function submit() {
    if (!seat) return;
    if (cents < 0 || cents > price) return setRefused(`A seat's refund is from $0.00 to ${formatCents(price)}.`);
    setBusy(true);
    setRefused(undefined);
    try {
      await onConfirm(seat, cents);
      onClose();
    } catch (err) {
      setRefused(err instanceof Error && err.message ? err.message : 'The seat could not be cancelled.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={seat ? `Cancel seat ${seat.position}${seat.name ? ` (${seat.name})` : ''}` : 'Cancel seat'}
      open={seat !== null}
      onCancel={onClose}
      onOk={submit}
      okText={cents > 0 ? `Cancel seat and refund ${formatCents(cents)}` : 'Cancel seat without a refund'}
      okButtonProps={{ danger: true, 'data-testid': 'seat-cancel-submit' }}
      cancelText="Keep seat"
      confirmLoading={busy}
      destroyOnHidden
      data-testid="seat-cancel-dialog"
    >
      <Typography.Paragraph type="secondary">
        The seat is freed at once; the rest of the booking stands. Each seat cost {formatCents(price)}; the refund goes back to the buyer&apos;s{' '}
        {r.payment_method === 'razorpay' ? 'card' : 'PayPal account'}.
      </Typography.Paragraph>
      {policy !== null && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={<span data-testid="seat-policy-suggestion">{`Policy suggests ${formatCents(policy)} for this seat`}</span>} />}
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="seat-cancel-error" />}
      <label htmlFor="seat-refund-amount" style={{ display: 'block', marginBottom: 6 }}>
        Amount to refund (USD)
      </label>
      <InputNumber id="seat-refund-amount" prefix="$" precision={2} step={1} min={0} value={dollars} onChange={setDollars} style={{ width: '100%', maxWidth: 240 }} data-testid="seat-refund-input" />
    </Modal>
  );
}
