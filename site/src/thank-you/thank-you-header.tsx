import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type BookingSummary, eventEnd } from '@workshop/shared';
import { Countdown } from '../components/countdown';
import { Icon } from '../components/icon';
import { useCountdown } from '../lib/use-countdown';
import { calendarUrl } from './calendar';
import { EventTime } from '../components/event-time';
import { shareWorkshop } from './share';
import type { BookingLookup } from './use-booking';

/** Why a booking the server knows is not (or not yet) a confirmed seat. */
const NOT_CONFIRMED: Record<string, { title: string; lead: string }> = {
  pending: { title: "We're confirming your payment", lead: 'Your payment is still being checked with the payment provider. We email you the moment your seat is confirmed.' },
  failed: { title: 'This booking is not confirmed', lead: 'The payment for this booking did not go through, so no seat is reserved and you have not been charged.' },
  refund_pending: { title: 'This booking is being refunded', lead: 'Your payment is on its way back to you, so no seat is reserved.' },
  refunded: { title: 'This booking was refunded', lead: 'Your payment was returned to you, so no seat is reserved.' },
  cancelled: { title: 'This booking was cancelled', lead: 'No seat is reserved under this access ID.' },
};

function Frame({ title, lead, children, testId, mark }: { title: string; lead?: ReactNode; children?: ReactNode; testId: string; mark?: boolean }) {
  return (
    <header className="page-header thanks-header" data-testid={testId}>
      <div className="container narrow center">
        {mark && (
          <div className="success-mark success-mark-lg" aria-hidden="true">
            ✓
          </div>
        )}
        <h1>{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}

const ContactActions = ({ extra }: { extra?: ReactNode }) => (
  <div className="thanks-actions">
    <Link className="btn btn-light" to="/contact">
      <Icon name="mail" size={18} /> Contact us
    </Link>
    {extra}
  </div>
);

function Confirmed({ booking }: { booking: BookingSummary }) {
  const start = new Date(booking.workshop_date);
  const upcoming = start.getTime() > Date.now();
  const parts = useCountdown(upcoming ? booking.workshop_date : undefined);
  return (
    <Frame title={`You're in, ${booking.name.split(' ')[0]}!`} testId="thanks-confirmed" mark>
      <p className="page-lead">
        {booking.workshop_title}
        <br />
        <EventTime iso={booking.workshop_date} />
      </p>
      {parts && !parts.done && <Countdown parts={parts} label="Time until your workshop starts" />}
      <div className="thanks-actions">
        {upcoming && (
          <a className="btn btn-light" href={calendarUrl(booking.workshop_title, start, `Your access ID: ${booking.access_id}`, eventEnd(start, booking.duration_hours))} target="_blank" rel="noreferrer">
            <Icon name="calendar" size={18} /> Add to Calendar
          </a>
        )}
        <button type="button" className="btn btn-ghost-light" onClick={() => shareWorkshop(booking.workshop_title)}>
          <Icon name="share" size={18} /> Share
        </button>
      </div>
    </Frame>
  );
}

/** The top of the thank-you page: only what the server says about the access id in the URL. */
export function ThankYouHeader({ lookup, accessId, onRetry }: { lookup: BookingLookup; accessId: string; onRetry: () => void }) {
  switch (lookup.kind) {
    case 'none':
      return (
        <Frame title="Thank you!" lead="Your booking details, access ID and workshop link are in the confirmation email we sent you." testId="thanks-generic">
          <ContactActions />
        </Frame>
      );
    case 'loading':
      return (
        <Frame title="Checking your booking..." testId="thanks-loading">
          <p className="page-lead" aria-busy="true">
            <span className="spinner" aria-hidden="true" /> One moment while we look up access ID <span className="nowrap">{accessId}</span>.
          </p>
        </Frame>
      );
    case 'missing':
      return (
        <Frame
          title="We could not find this booking"
          lead={
            <>
              No booking has the access ID <span className="nowrap">{accessId}</span>. Check the link in your confirmation email, or contact us and we will sort it out.
            </>
          }
          testId="thanks-missing"
        >
          <ContactActions />
        </Frame>
      );
    case 'error':
      return (
        <Frame title="We could not check your booking right now" lead="Please try again in a moment. If it keeps failing, contact us with your access ID." testId="thanks-error">
          <ContactActions
            extra={
              <button type="button" className="btn btn-ghost-light" onClick={onRetry}>
                Try again
              </button>
            }
          />
        </Frame>
      );
    case 'found': {
      const { booking } = lookup;
      if (booking.status === 'completed') return <Confirmed booking={booking} />;
      const copy = NOT_CONFIRMED[booking.status] ?? NOT_CONFIRMED.failed;
      return (
        <Frame title={copy.title} lead={copy.lead} testId="thanks-not-confirmed">
          <p className="page-lead">
            {booking.workshop_title} · access ID <span className="nowrap">{booking.access_id}</span>
          </p>
          <ContactActions
            extra={
              booking.status === 'pending' && (
                <button type="button" className="btn btn-ghost-light" onClick={onRetry}>
                  Check again
                </button>
              )
            }
          />
        </Frame>
      );
    }
  }
}
