import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BookingDialog } from './booking-dialog';
import { Confetti } from './confetti';
import { Community } from './community';
import { ThankYouHeader } from './thank-you-header';
import { useBooking } from './use-booking';
import '../styles/sections.css';
import '../styles/pages.css';

const NEXT_STEPS = [
  'Check your inbox for the confirmation email with your access ID and the workshop link (look in junk/spam too).',
  'Add the workshop to your calendar so you do not miss the start.',
  'Install a modern browser and test your internet connection (5 Mbps or better).',
  'Write down the business idea or process you want to turn into an app.',
];

const BUILD = ['A secure login for your users', 'A real-time dashboard over your own data', 'An integration with email or payments', 'A live deployment you can share with a link'];

/**
 * SPEC §2's thank-you page, confirming only what GET /api/bookings/:accessId confirms: a made-up
 * or unpaid access id gets no "Booking Confirmed!", no confetti and no countdown.
 */
export default function ThankYouScreen() {
  const [params] = useSearchParams();
  const accessId = (params.get('accessId') ?? '').trim();
  const { lookup, retry } = useBooking(accessId);
  const [dialogClosed, setDialogClosed] = useState(false);
  const booking = lookup.kind === 'found' && lookup.booking.status === 'completed' ? lookup.booking : null;
  const celebrate = !!booking && params.get('payment') === 'success';

  return (
    <>
      {celebrate && <Confetti />}
      {celebrate && !dialogClosed && <BookingDialog booking={booking} onClose={() => setDialogClosed(true)} />}
      <ThankYouHeader lookup={lookup} accessId={accessId} onRetry={retry} />
      <section className="section">
        <div className="container split">
          <div className="card">
            <h2>Next steps</h2>
            <ol className="steps">
              {NEXT_STEPS.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </div>
          <div className="card">
            <h2>What you will build</h2>
            <ul className="checklist">
              {BUILD.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <Community />
          </div>
        </div>
        <div className="center">
          <Link to="/" className="btn btn-primary btn-lg">
            Back to Home
          </Link>
        </div>
      </section>
    </>
  );
}
