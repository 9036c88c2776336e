import { eventTimes, type BookingSummary } from '@workshop/shared';
import { Modal } from '../components/modal';

const METHOD_NAMES: Record<string, string> = { paypal: 'PayPal', razorpay: 'Razorpay' };

/** SPEC §2's 'Booking Confirmed!' dialog, filled only from the server's answer. */
export function BookingDialog({ booking, onClose }: { booking: BookingSummary; onClose: () => void }) {
  // The visitor's own date and time, named, with Eastern time beside it.
  const when = eventTimes(booking.workshop_date);
  const rows: [string, string][] = [
    ['Name', booking.name || 'N/A'],
    ['Email', booking.email || 'N/A'],
    ['Access ID', booking.access_id],
    ['Workshop', booking.workshop_title],
    ['Date', when.localDate],
    ['Time', when.eastern ? `${when.localTime} (your time) · ${when.eastern}` : when.localTime],
  ];
  const method = booking.payment_method ? (METHOD_NAMES[booking.payment_method] ?? booking.payment_method) : null;
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
      {method && <p className="paid-via">Completed via {method}</p>}
      <button type="button" className="btn btn-primary btn-block" onClick={onClose} data-autofocus>
        Got it!
      </button>
    </Modal>
  );
}
