import { DEFAULT_DURATION_HOURS, DEFAULT_PRICE_CENTS, formatPrice, LIST_PRICE_USD, type PublicWorkshop } from '@workshop/shared';
import { EventTime } from '../components/event-time';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { PageHeader } from '../components/page-header';
import { heroWorkshop, isSoldOut, useMaintenance, workshopsStore } from '../lib/data';
import { openRegistration, openWaitlist } from '../lib/ui';

const FEATURES = [
  'Live, hands-on training with Q&A',
  'Build and deploy your own app',
  'Recordings for 30 days',
  'Templates, checklists and slides',
  'Community access after the workshop',
  'Certificate of completion',
  '7-day full refund guarantee',
];

/** SPEC §2: without a workshop the card falls back to the default title, $99, 5 hours, closed. */
const FALLBACK: Pick<PublicWorkshop, 'title' | 'price_usd_cents' | 'duration_hours' | 'max_participants' | 'registration_open' | 'seats_left'> & { date?: string } = {
  title: 'No-Code App Development Workshop',
  price_usd_cents: DEFAULT_PRICE_CENTS,
  duration_hours: DEFAULT_DURATION_HOURS,
  max_participants: null,
  registration_open: false,
  seats_left: null,
};

export default function PricingScreen() {
  const state = workshopsStore.use();
  const maintenance = useMaintenance();
  const shown = state.status === 'ready' ? heroWorkshop(state.data) : undefined;
  const w = state.status === 'ready' ? (shown ?? FALLBACK) : state.status === 'error' ? FALLBACK : undefined;
  const open = !!w?.registration_open && !isSoldOut(w as PublicWorkshop);
  // Only when nothing else is coming does the card show a workshop that was called off: never for sale.
  const cancelled = shown?.status === 'cancelled';

  return (
    <>
      <PageHeader kicker="Pricing" title="One simple price. Everything included." lead="No subscriptions and no upsells: one live workshop that takes you from idea to a deployed app." />
      {/* A div: its heading is the card's own, in the article below. */}
      <div className="section pricing-section">
        <div className="container pricing-wrap">
          {!w ? (
            <div className="card price-card" aria-busy="true" data-testid="pricing-skeleton">
              <span className="sr-only">Loading price</span>
              <div className="skeleton" style={{ width: '40%', height: 24 }} />
              <div className="skeleton" style={{ width: '80%', height: 32 }} />
              <div className="skeleton" style={{ width: '50%', height: 56 }} />
              <div className="skeleton" style={{ width: '100%', height: 180 }} />
            </div>
          ) : (
            <article className="card price-card" aria-labelledby="price-title" data-testid="price-card" data-stay-clear>
              <span className={`badge ${w.registration_open ? 'badge-offer' : 'badge-closed'}`}>{cancelled ? 'CANCELLED' : w.registration_open ? 'LIMITED TIME OFFER' : 'REGISTRATION CLOSED'}</span>
              <h2 id="price-title">{w.title}</h2>
              {w.date && (
                <p className="muted small">
                  <EventTime iso={w.date} />
                </p>
              )}
              <p className="price-big">
                <s className="price-list">${LIST_PRICE_USD}</s>
                <span className="price-real">{formatPrice(w.price_usd_cents)}</span>
              </p>
              <p className="muted">{w.duration_hours} hours of live training*</p>
              <ul className="checklist">
                {FEATURES.map((f) => (
                  <li key={f}>{f}</li>
                ))}
                {w.max_participants !== null && <li>Limited to {w.max_participants} participants</li>}
              </ul>
              {maintenance.enabled ? (
                <MaintenanceNotice message={maintenance.message} compact />
              ) : cancelled ? (
                <p className="status-text status-closed" data-testid="pricing-cancelled">
                  This workshop was cancelled.
                </p>
              ) : (
                <button type="button" className="btn btn-primary btn-lg btn-block" disabled={!open} onClick={() => openRegistration(shown?.id)} data-testid="pricing-register">
                  {open ? 'Register Now' : isSoldOut(w as PublicWorkshop) && w.registration_open ? 'Sold Out' : 'Registration Closed'}
                </button>
              )}
              {!open && shown && !cancelled && !maintenance.enabled && (
                <button type="button" className="btn btn-outline btn-lg btn-block" onClick={() => openWaitlist(shown.id)} data-testid="pricing-waitlist">
                  Join the waitlist
                </button>
              )}
              <p className="small muted center">*no of hours may vary</p>
            </article>
          )}
        </div>
      </div>
    </>
  );
}
