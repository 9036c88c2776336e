import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, LIST_PRICE_USD, type PublicWorkshop } from '@workshop/shared';
import { Countdown } from '../components/countdown';
import { CalendarGlyph, EventTime } from '../components/event-time';
import { LazyPart } from '../components/lazy-part';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { heroWorkshop, isSoldOut, otherWorkshops, useMaintenance, workshopsStore } from '../lib/data';
import { openRegistration, openWaitlist } from '../lib/ui';
import { useCountdown } from '../lib/use-countdown';
import { HeroPlaceholder, OthersPlaceholder } from './hero-placeholder';
import { PreviewGate } from './preview-gate';

// Only with live data (never in the prerendered page): fetched when there are others to list.
const OtherWorkshops = lazy(() => import('./other-workshops'));

export function Hero() {
  const state = workshopsStore.use();
  const workshop = state.status === 'ready' ? heroWorkshop(state.data) : undefined;
  const others = state.status === 'ready' ? otherWorkshops(state.data) : [];

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-glow" aria-hidden="true" />
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">
            <span className="pulse" aria-hidden="true" /> Live online workshop · Limited launch offer: Only ₹1
          </p>
          <h1 id="hero-title">
            Build &amp; launch your first business app <span className="gradient-text">without writing code</span>
          </h1>
          <p className="lead">
            Join a live, hands-on session and walk away with a working app: secure logins, real-time data, integrations and a live
            deployment. No coding background needed.
          </p>
          <ul className="hero-points">
            <li>5 hours of live training</li>
            <li>Recordings for 30 days</li>
            <li>7-day full refund</li>
          </ul>
          <div className="hero-trust">
            <div className="avatars" aria-hidden="true">
              <span>A</span>
              <span>P</span>
              <span>L</span>
              <span>S</span>
            </div>
            <p>
              <strong>100+ students</strong> from 7+ countries · rated <strong>4.9/5</strong>
            </p>
          </div>
        </div>
        <div className="hero-side">
          {state.status === 'loading' && <HeroPlaceholder />}
          {state.status === 'error' && <NotAvailable text={state.error} />}
          {state.status === 'ready' && !workshop && <NotAvailable text="No active workshops are currently available for registration." />}
          {workshop && <WorkshopCard workshop={workshop} />}
          <PreviewGate workshopId={workshop?.id ?? null} />
        </div>
      </div>
      {state.status === 'loading' && <OthersPlaceholder />}
      {others.length > 0 && (
        <LazyPart fallback={<OthersPlaceholder />}>
          <OtherWorkshops workshops={others} />
        </LazyPart>
      )}
    </section>
  );
}

function WorkshopCard({ workshop }: { workshop: PublicWorkshop }) {
  const open = workshop.registration_open;
  const cancelled = workshop.status === 'cancelled';
  const soldOut = isSoldOut(workshop);
  const bookable = open && !soldOut;
  const parts = useCountdown(open ? workshop.date : undefined);
  const maintenance = useMaintenance();

  return (
    <article className="card workshop-card" aria-labelledby="workshop-title" data-testid="hero-workshop" data-stay-clear>
      <div className="workshop-card-top">
        <span className={`badge ${bookable ? 'badge-open' : 'badge-closed'}`} data-testid="hero-badge">
          {cancelled ? 'CANCELLED' : soldOut && open ? 'SOLD OUT' : open ? 'AVAILABLE' : 'CLOSED'}
        </span>
        <span className="muted small">~{workshop.duration_hours} hours (may vary)</span>
      </div>
      <h2 id="workshop-title" className="workshop-title">
        {workshop.title}
      </h2>
      <p className="workshop-date">
        <CalendarGlyph />
        <EventTime iso={workshop.date} />
      </p>
      <div className="price-row">
        <span className="price-list">
          <span className="sr-only">List price </span>
          <s>${LIST_PRICE_USD}</s>
        </span>
        <span className="price-real" data-testid="hero-price">
          <span className="sr-only">Now </span>
          {formatPrice(workshop.price_usd_cents)}
        </span>
        <span className="save">Save {Math.round((1 - workshop.price_usd_cents / 100 / LIST_PRICE_USD) * 100)}%</span>
      </div>
      {open && parts && <Countdown parts={parts} label="Time until the workshop starts" />}
      {maintenance.enabled ? (
        <MaintenanceNotice message={maintenance.message} compact />
      ) : cancelled ? null : (
        <button type="button" className="btn btn-primary btn-lg btn-block" disabled={!bookable} onClick={() => openRegistration(workshop.id)} data-testid="hero-register">
          {soldOut && open ? 'Sold Out' : open ? 'Register Now →' : 'Registration Closed'}
        </button>
      )}
      {!bookable && !cancelled && !maintenance.enabled && (
        <button type="button" className="btn btn-outline btn-lg btn-block" onClick={() => openWaitlist(workshop.id)} data-testid="hero-waitlist">
          Join the waitlist
        </button>
      )}
      <p className={`status-text ${bookable ? 'status-open' : 'status-closed'}`} data-testid="hero-status">
        {cancelled ? 'This workshop was cancelled.' : soldOut && open ? 'Sold out: every seat has been taken' : open ? 'Seats Available' : 'Registration Closed'}
        {bookable && workshop.seats_left !== null && <span className="muted"> · only {workshop.seats_left} left</span>}
      </p>
      <p className="small muted center">
        Questions first? <Link to="/contact">Contact us</Link>
      </p>
    </article>
  );
}

function NotAvailable({ text }: { text: string }) {
  return (
    <article className="card workshop-card" data-testid="hero-unavailable">
      <h2 className="workshop-title">Workshop Not Available</h2>
      <p className="muted">{text}</p>
      <p className="small">
        Want to hear about the next one? <Link to="/contact">Contact us</Link>
      </p>
    </article>
  );
}
