import type { BookingSummary } from '@workshop/shared';
import { Modal } from '../components/modal';
import { formatDay, formatTime } from './format';

interface Props {
  name: string;
  email: string;
  accessId: string;
  method: string;
  booking: BookingSummary | null;
  onClose: () => void;
}

const METHOD_NAMES: Record<string, string> = { paypal: 'PayPal', razorpay: 'Razorpay' };

export function BookingDialog({ name, email, accessId, method, booking, onClose }: Props) {
  const rows: [string, string][] = [
    ['Name', booking?.name || name || 'N/A'],
    ['Email', booking?.email || email || 'N/A'],
    ['Access ID', accessId],
    ['Workshop', booking?.workshop_title ?? 'No-Code App Development Workshop'],
    ['Date', booking ? formatDay(booking.workshop_date) : 'Saturday, September 27, 2025'],
    ['Time', booking ? formatTime(booking.workshop_date) : '2:00 PM IST'],
  ];
  return (
    <Modal title="Booking Confirmed!" description={<p>Your seat is reserved. Keep your access ID: you will need it to join.</p>} onClose={onClose} size="sm" testId="booking-dialog">
      <div className="success-mark" aria-hidden="true">
        ✓
      </div>
      <dl className="booking-details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-testid={`booking-${k.toLowerCase().replace(' ', '-')}`}>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="paid-via">Completed via {METHOD_NAMES[method] ?? method}</p>
      <button type="button" className="btn btn-primary btn-block" onClick={onClose} data-autofocus>
        Got it!
      </button>
    </Modal>
  );
}
