import { BY_HAND_MESSAGES, formatCents, RESCHEDULE_CHOICE_HOURS, type BookingView } from '@workshop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { api, ApiError, userMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { bookingCalendarEvent, googleCalendarUrl, icsFile, outlookCalendarUrl } from './booking-calendar';
import { startLines } from './booking-dates';
import { BookingDocumentsList } from './booking-documents';
import { BookingSeats } from './booking-seats';
import { BookingTransfer } from './booking-transfer';
import '../styles/forms.css';
import '../styles/pages.css';


/** What the booking cost, as the buyer knows it: added by hand as complimentary or paid outside the site, or paid here. */
function paidText(b: BookingView, team: boolean): string {
  if (b.by_hand_payment === 'complimentary') return 'Complimentary';
  if (b.by_hand_payment === 'offline') return `${formatCents(b.amount_cents)} (paid outside the site)`;
  return team ? `${formatCents(b.amount_cents)} for ${b.seats.length} seats` : formatCents(b.amount_cents);
}
type Load = { state: 'loading' } | { state: 'missing' } | { state: 'error' } | { state: 'ok'; booking: BookingView } | { state: 'transferred'; name: string };

const STATUS_TEXT: Record<string, string> = {
  completed: 'Confirmed',
  refund_pending: 'Cancelled, refund on its way',
  refunded: 'Cancelled and refunded',
  cancelled: 'Cancelled',
};

const plural = (n: number) => (n === 1 ? '1 seat' : `${n} seats`);
/** Transfers close this long before the start (the server says so too). */
const TRANSFER_HOURS = 24;

/** The buyer's own page, reached from the link in their confirmation email. */
export default function BookingScreen() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  /** What cancelling would give back, for the seats chosen (none: the whole booking, or an attendee's own seat). */
  const [preview, setPreview] = useState<{ refund: number; ids?: string[] } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
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
  // The "Cancel for a full refund" link of a workshop-moved email opens the question at once (the buyer still confirms).
  const [search] = useSearchParams();
  const asked = useRef(false);
  const movedChoice = load.state === 'ok' && load.booking.cancellation?.band === 'rescheduled';
  useEffect(() => {
    if (!movedChoice || asked.current || search.get('choice') !== 'cancel') return;
    asked.current = true;
    void cancel(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [movedChoice]);

  if (load.state === 'loading') return <section className="container narrow booking-page" aria-busy="true" aria-label="Loading your booking" />;
  if (load.state === 'transferred') {
    return (
      <section className="container narrow booking-page center" data-testid="booking-transferred">
        <h1>Your seat now belongs to {load.name}</h1>
        <p className="muted">They have their own confirmation and booking link. This link no longer opens the booking.</p>
      </section>
    );
  }
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
  const event = bookingCalendarEvent(b, window.location.origin);
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
  const team = b.role === 'buyer' && (b.seats.length > 1 || b.moved_seats.length > 0);
  const moved = b.cancellation?.band === 'rescheduled';
  // Paid outside the site: the organiser, not this page, gives that money back.
  const offline = b.by_hand_payment === 'offline';
  const choiceUntil = new Date(new Date(b.workshop.date).getTime() - RESCHEDULE_CHOICE_HOURS * 3_600_000).toISOString();
  const attendee = b.role === 'attendee';
  const cancel = async (confirm: boolean, ids?: string[]) => {
    setBusy(true);
    try {
      const r = await api.booking.cancel(token, confirm, ids);
      if (!confirm) return setPreview({ refund: r.refund_cents, ids });
      setPreview(null);
      setChosen([]);
      const released = ids ? (ids.length === 1 ? 'The seat is released.' : 'The seats are released.') : 'Your seat is released.';
      toast({
        title: ids ? 'Seats cancelled' : 'Booking cancelled',
        description: r.refund_cents ? `${formatCents(r.refund_cents)} is being refunded to ${attendee ? 'the original' : 'your original'} payment method.` : released,
        variant: 'success',
      });
      await fetchBooking();
    } catch (err) {
      toast({ title: 'Could not cancel', description: userMessage(err, 'Please try again in a minute.'), variant: 'destructive' });
      // The booking changed since it was drawn (an admin cancelled or moved it, another tab did):
      // the page is drawn again from what it is now, not left offering the old refund.
      if (err instanceof ApiError && err.status === 409) {
        setPreview(null);
        setChosen([]);
        await fetchBooking();
      }
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
        {attendee ? (
          <>
            <dt>Seat</dt>
            <dd data-testid="booking-seat">Seat {b.seats[0]?.position} of a team booking</dd>
          </>
        ) : (
          <>
            <dt>Paid</dt>
            <dd data-testid="booking-paid">{paidText(b, team)}</dd>
          </>
        )}
      </dl>

      {moved && (
        <div className="card booking-moved" role="note" data-testid="booking-moved">
          <p>
            <strong>Your workshop moved after you booked.</strong> Keep your seat (there is nothing to do), or cancel for a full refund of{' '}
            {formatCents(b.cancellation?.refund_cents ?? 0)} until {startLines(choiceUntil).local}.
          </p>
          <p className="booking-actions">
            <button type="button" className="btn btn-outline" onClick={() => void cancel(false)} disabled={busy} data-testid="booking-moved-cancel">
              Cancel for a full refund
            </button>
          </p>
        </div>
      )}

      {team && (
        <>
          <h2>Seats</h2>
          {b.rename_until && <p className="muted">You can name or rename seats until {startLines(b.rename_until).local}. Each person gets their own confirmation and link.</p>}
          <BookingSeats token={token} booking={b} chosen={chosen} onChoose={setChosen} onRenamed={(booking) => setLoad({ state: 'ok', booking })} busy={busy} />
        </>
      )}

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
          {/* A div: the transfer form opens among these actions. */}
          <div className="booking-actions">
            {!attendee && (
              <button type="button" className="btn btn-outline" onClick={() => void resend()} disabled={busy}>
                Resend my confirmation
              </button>
            )}
            {!team && new Date(b.workshop.date).getTime() - TRANSFER_HOURS * 3_600_000 > Date.now() && (
              <BookingTransfer token={token} booking={b} onDone={(name) => setLoad({ state: 'transferred', name })} />
            )}
            {team && (
              <button type="button" className="btn btn-outline" onClick={() => void cancel(false, chosen)} disabled={busy || !chosen.length} data-testid="booking-cancel-seats">
                {chosen.length ? `Cancel ${plural(chosen.length)}` : 'Cancel chosen seats'}
              </button>
            )}
            {offline ? null : (
              <button type="button" className="btn btn-outline" onClick={() => void cancel(false)} disabled={busy} data-testid="booking-cancel">
                {attendee ? 'Cancel my seat' : 'Cancel my booking'}
              </button>
            )}
          </div>
          {offline && (
            <p className="muted" data-testid="booking-offline">
              {BY_HAND_MESSAGES.buyerCancel}
            </p>
          )}
          {preview !== null && (
            <div className="card booking-cancel" role="alertdialog" aria-labelledby="cancel-title" data-testid="booking-cancel-preview">
              <h3 id="cancel-title">{preview.ids ? `Cancel ${plural(preview.ids.length)}?` : attendee ? 'Cancel your seat?' : 'Cancel this booking?'}</h3>
              <p>
                {moved
                  ? `The workshop moved after you booked, so you get everything back: ${formatCents(preview.refund)}.`
                  : preview.refund
                    ? `Under our cancellation policy you get ${formatCents(preview.refund)} back.`
                    : b.by_hand_payment === 'complimentary'
                      ? 'Your seat was complimentary, so there is nothing to refund.'
                      : 'Under our cancellation policy no refund is due this close to the start.'}{' '}
                {preview.ids && preview.ids.length > 1 ? 'These seats are' : team && !preview.ids ? 'All seats are' : 'Your seat is'} released at once. <Link to="/refund-policy">Read the policy</Link>.
              </p>
              <p className="booking-actions">
                <button type="button" className="btn btn-primary" onClick={() => void cancel(true, preview.ids)} disabled={busy}>
                  {preview.ids ? `Yes, cancel ${plural(preview.ids.length)}` : attendee ? 'Yes, cancel my seat' : 'Yes, cancel my booking'}
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setPreview(null)} disabled={busy}>
                  Keep my booking
                </button>
              </p>
            </div>
          )}
        </>
      )}
      {!attendee && <BookingDocumentsList token={token} status={b.status} />}
      <p className="muted small" data-testid="booking-your-data">
        A copy of what we hold about you, or its erasure: <Link to="/your-data">Your data</Link>.
      </p>
    </section>
  );
}
