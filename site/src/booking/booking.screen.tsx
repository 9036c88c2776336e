import { formatCents, type BookingView } from '@workshop/shared';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api, ApiError, userMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { googleCalendarUrl, icsFile, outlookCalendarUrl } from './booking-calendar';
import { startLines } from './booking-dates';
import '../styles/pages.css';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'error' } | { state: 'ok'; booking: BookingView };

const STATUS_TEXT: Record<string, string> = {
  completed: 'Confirmed',
  refund_pending: 'Cancelled, refund on its way',
  refunded: 'Cancelled and refunded',
  cancelled: 'Cancelled',
};

/** The buyer's own page, reached from the link in their confirmation email. */
export default function BookingScreen() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [preview, setPreview] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchBooking = () =>
    api.booking.get(token).then(
      (booking) => setLoad({ state: 'ok', booking }),
      (err) => setLoad({ state: err instanceof ApiError && err.status === 404 ? 'missing' : 'error' }),
    );
  useEffect(() => {
    void fetchBooking();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  if (load.state === 'loading') return <section className="container narrow booking-page" aria-busy="true" aria-label="Loading your booking" />;
  if (load.state !== 'ok') {
    return (
      <section className="container narrow booking-page center" data-testid="booking-missing">
        <h1>We could not find this booking</h1>
        <p className="muted">{load.state === 'missing' ? 'The link may be incomplete, or a newer confirmation email replaced it.' : 'Something went wrong loading it. Please try again.'}</p>
        <Link to="/contact" className="btn btn-primary">
          Contact us
        </Link>
      </section>
    );
  }

  const b = load.booking;
  const when = startLines(b.workshop.date);
  const event = { title: b.workshop.title, start: new Date(b.workshop.date), details: `Access ID: ${b.access_id}\n${window.location.href}`, uid: `${b.access_id}@nocode-workshop` };
  const ics = `data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(event))}`;
  const joinFrom = startLines(b.join_available_at).local;

  const resend = async () => {
    setBusy(true);
    try {
      await api.booking.resend(token);
      toast({ title: 'Confirmation sent', description: `We sent your confirmation to ${b.email} again.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not send', description: userMessage(err, 'Please try again in a minute.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const cancel = async (confirm: boolean) => {
    setBusy(true);
    try {
      const r = await api.booking.cancel(token, confirm);
      if (!confirm) return setPreview(r.refund_cents);
      setPreview(null);
      toast({ title: 'Booking cancelled', description: r.refund_cents ? `${formatCents(r.refund_cents)} is being refunded to your original payment method.` : 'Your seat is released.', variant: 'success' });
      await fetchBooking();
    } catch (err) {
      toast({ title: 'Could not cancel', description: userMessage(err, 'Please try again in a minute.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container narrow booking-page" data-testid="booking-page">
      <p className="muted">Your booking · {STATUS_TEXT[b.status] ?? b.status}</p>
      <h1>{b.workshop.title}</h1>
      <dl className="booking-facts">
        <dt>Starts</dt>
        <dd data-testid="booking-start">
          {when.local} <span className="muted">(your time)</span>
          {when.eastern && (
            <>
              <br />
              {when.eastern} <span className="muted">(Eastern time)</span>
            </>
          )}
        </dd>
        <dt>Name</dt>
        <dd>{b.name}</dd>
        <dt>Access ID</dt>
        <dd>{b.access_id}</dd>
        <dt>Paid</dt>
        <dd data-testid="booking-paid">{formatCents(b.amount_cents)}</dd>
      </dl>

      {b.status === 'completed' && (
        <>
          <h2>Joining</h2>
          {b.join ? (
            <div className="card booking-join" data-testid="booking-join">
              {b.join.url && (
                <p>
                  <a href={b.join.url} className="btn btn-primary" rel="noopener noreferrer" target="_blank">
                    Join the workshop
                  </a>
                </p>
              )}
              {b.join.passcode && <p>Passcode: <strong>{b.join.passcode}</strong></p>}
              {b.join.materials_url && (
                <p>
                  <a href={b.join.materials_url} rel="noopener noreferrer" target="_blank">
                    Materials and recording
                  </a>
                </p>
              )}
            </div>
          ) : (
            <p data-testid="booking-join-later">The join link appears here 24 hours before the start ({joinFrom}).</p>
          )}

          <h2>Add to calendar</h2>
          <p className="booking-actions">
            <a className="btn btn-outline" href={ics} download="workshop.ics">
              Calendar file (.ics)
            </a>
            <a className="btn btn-outline" href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
              Google Calendar
            </a>
            <a className="btn btn-outline" href={outlookCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
              Outlook
            </a>
          </p>

          <h2>Your booking</h2>
          <p className="booking-actions">
            <button type="button" className="btn btn-outline" onClick={() => void resend()} disabled={busy}>
              Resend my confirmation
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void cancel(false)} disabled={busy} data-testid="booking-cancel">
              Cancel my booking
            </button>
          </p>
          {preview !== null && (
            <div className="card booking-cancel" role="alertdialog" aria-labelledby="cancel-title" data-testid="booking-cancel-preview">
              <h3 id="cancel-title">Cancel this booking?</h3>
              <p>
                {preview ? `Under our cancellation policy you get ${formatCents(preview)} back.` : 'Under our cancellation policy no refund is due this close to the start.'} Your seat is
                released at once. <Link to="/refund-policy">Read the policy</Link>.
              </p>
              <p className="booking-actions">
                <button type="button" className="btn btn-primary" onClick={() => void cancel(true)} disabled={busy}>
                  Yes, cancel my booking
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setPreview(null)} disabled={busy}>
                  Keep my booking
                </button>
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
