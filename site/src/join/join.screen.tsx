import { JOIN_MESSAGES, type JoinView } from '@workshop/shared';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { googleCalendarUrl, icsFile, outlookCalendarUrl, type CalendarEvent } from '../booking/booking-calendar';
import { startLines } from '../booking/booking-dates';
import { api, ApiError } from '../lib/api';
import '../styles/pages.css';
import { timeLeft } from './time-left';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'error' } | { state: 'ok'; view: JoinView };

/** Where a seat's tracked join link lands outside the workshop's hours; during them the server sends it into the meeting. */
export default function JoinScreen() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The server's clock, as of the answer: a visitor's clock an hour out must not count down to the wrong moment.
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    api.join.get(token).then(
      (view) => {
        const offset = Date.parse(view.now) - Date.now();
        setSkew(offset);
        setNow(Date.now() + offset);
        setLoad({ state: 'ok', view });
      },
      (err) => setLoad({ state: err instanceof ApiError && err.status === 404 ? 'missing' : 'error' }),
    );
  }, [token]);

  const view = load.state === 'ok' ? load.view : undefined;
  useEffect(() => {
    if (!view || view.state === 'ended') return;
    const tick = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(tick);
  }, [view, skew]);
  // Once the link lets people in, this address does: asked again, the server sends the visitor into the meeting
  // (while the organiser has not added it yet, it is asked again every half minute). Never sooner than every
  // 10 seconds: a visitor's clock running ahead of the server's must not reload in a loop.
  const opensAt = view ? Date.parse(view.opens_at) : Number.NaN;
  const due = !!view && view.state !== 'ended' && now >= opensAt;
  useEffect(() => {
    if (!due) return;
    const again = setTimeout(() => window.location.reload(), view?.state === 'open' ? 30_000 : 10_000);
    return () => clearTimeout(again);
  }, [due, view?.state]);

  if (load.state === 'loading') return <section className="container narrow booking-page" aria-busy="true" aria-label="Loading your workshop" />;
  if (!view) {
    return (
      <section className="container narrow booking-page center" data-testid="join-missing">
        <h1>{load.state === 'missing' ? 'This join link no longer opens a seat' : 'We could not load your workshop'}</h1>
        <p className="muted">{load.state === 'missing' ? 'The seat may have been cancelled or passed on to someone else.' : 'Something went wrong loading it. Please try again.'}</p>
        <Link to="/contact" className="btn btn-primary">
          Contact us
        </Link>
      </section>
    );
  }

  const when = startLines(view.starts_at);
  const event: CalendarEvent = { title: view.title, start: new Date(view.starts_at), end: new Date(view.ends_at), details: `Join: ${window.location.origin}/join/${token}`, uid: view.calendar.uid, sequence: view.calendar.sequence };
  return (
    <section className="container narrow booking-page" data-testid="join-page" data-state={view.state}>
      <p className="muted">Your workshop</p>
      <h1>{view.title}</h1>
      <dl className="booking-facts">
        <dt>Starts</dt>
        <dd data-testid="join-start">
          {when.local} <span className="muted">(your time)</span>
          {when.eastern && (
            <>
              <br />
              {when.eastern} <span className="muted">(Eastern time)</span>
            </>
          )}
        </dd>
      </dl>
      {view.state === 'ended' ? (
        <div className="card booking-join join-status" data-testid="join-ended">
          <h2>{JOIN_MESSAGES.ended}</h2>
          <p className="muted">Thank you for taking part.</p>
          {view.recording && (
            <p>
              <a className="btn btn-primary" href={`/recording/${encodeURIComponent(token)}`} data-testid="join-recording">
                Watch the recording
              </a>
            </p>
          )}
        </div>
      ) : (
        <div className="card booking-join join-status" role="status" data-testid="join-countdown">
          {view.state === 'open' || due ? (
            <p>{JOIN_MESSAGES.notReady}</p>
          ) : (
            <>
              <h2>
                Opens in <span data-testid="join-time-left">{timeLeft(opensAt - now)}</span>
              </h2>
              <p className="muted">This link lets you in 15 minutes before the start. Keep it: this page takes you into the workshop then.</p>
            </>
          )}
        </div>
      )}
      {view.state !== 'ended' && (
        <>
          <h2>Add to calendar</h2>
          <p className="booking-actions">
            <a className="btn btn-outline" href={`data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(event))}`} download="workshop.ics" data-testid="join-ics">
              Calendar file (.ics)
            </a>
            <a className="btn btn-outline" href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
              Google Calendar
            </a>
            <a className="btn btn-outline" href={outlookCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
              Outlook
            </a>
          </p>
        </>
      )}
    </section>
  );
}
