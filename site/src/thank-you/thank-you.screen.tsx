import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MARKETING_WORKSHOP_DATE_ISO, type BookingSummary } from '@workshop/shared';
import { Countdown } from '../components/countdown';
import { api } from '../lib/api';
import { toast } from '../lib/toast';
import { useCountdown } from '../lib/use-countdown';
import { Icon } from '../components/icon';
import { BookingDialog } from './booking-dialog';
import { calendarUrl } from './calendar';
import { Confetti } from './confetti';
import { formatDay, formatTime } from './format';
import '../styles/sections.css';
import '../styles/pages.css';

const NEXT_STEPS = [
  'Check your inbox for the confirmation email with your access ID and the workshop link (look in junk/spam too).',
  'Add the workshop to your calendar so you do not miss the start.',
  'Install a modern browser and test your internet connection (5 Mbps or better).',
  'Write down the business idea or process you want to turn into an app.',
  'Join the community to meet the other participants before the day.',
];

const BUILD = ['A secure login for your users', 'A real-time dashboard over your own data', 'An integration with email or payments', 'A live deployment you can share with a link'];

export default function ThankYouScreen() {
  const [params] = useSearchParams();
  const accessId = params.get('accessId') ?? '';
  const name = params.get('name') ?? '';
  const email = params.get('email') ?? '';
  const method = params.get('method') ?? 'paypal';
  const confirmed = params.get('payment') === 'success' && accessId !== '';
  const [dialogOpen, setDialogOpen] = useState(confirmed);
  const [booking, setBooking] = useState<BookingSummary | null>(null);

  useEffect(() => {
    if (!accessId) return;
    api.bookings.get(accessId).then(setBooking, () => setBooking(null));
  }, [accessId]);

  const start = booking?.workshop_date ?? MARKETING_WORKSHOP_DATE_ISO;
  const title = booking?.workshop_title ?? 'No-Code App Development Workshop';
  const parts = useCountdown(start);

  async function share() {
    const text = `I just booked my seat at the ${title}! Join me:`;
    if (navigator.share) {
      try {
        await navigator.share({ title, text, url: location.origin });
        return;
      } catch {
        // Dismissed share sheet: fall through to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(`${text} ${location.origin}`);
      toast({ title: 'Link copied!', description: 'Share it with a friend who should join you.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: `Share this link: ${location.origin}`, variant: 'destructive' });
    }
  }

  return (
    <>
      {confirmed && <Confetti />}
      {dialogOpen && <BookingDialog name={name} email={email} accessId={accessId} method={method} booking={booking} onClose={() => setDialogOpen(false)} />}
      <header className="page-header thanks-header">
        <div className="container narrow center">
          <div className="success-mark success-mark-lg" aria-hidden="true">
            ✓
          </div>
          <h1>{confirmed ? `You're in${name ? `, ${name.split(' ')[0]}` : ''}!` : 'Thank you!'}</h1>
          <p className="page-lead">
            {title} · {formatDay(start)} · {booking ? formatTime(start) : '2:00 PM IST'}
          </p>
          {parts && <Countdown parts={parts} label="Time until your workshop starts" />}
          <div className="thanks-actions">
            <a className="btn btn-light" href={calendarUrl(title, new Date(start), `Your access ID: ${accessId || 'see your confirmation email'}`)} target="_blank" rel="noreferrer">
              <Icon name="calendar" size={18} /> Add to Calendar
            </a>
            <button type="button" className="btn btn-ghost-light" onClick={share}>
              <Icon name="share" size={18} /> Share
            </button>
          </div>
        </div>
      </header>
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
            <h2 className="mt">Join the community</h2>
            <div className="community">
              <a className="btn btn-outline" href="#" onClick={(e) => e.preventDefault()}>
                WhatsApp Group
              </a>
              <a className="btn btn-outline" href="#" onClick={(e) => e.preventDefault()}>
                Discord Server
              </a>
            </div>
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
