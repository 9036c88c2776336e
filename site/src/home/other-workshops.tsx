import { formatPrice, type PublicWorkshop } from '@workshop/shared';
import { EventTime } from '../components/event-time';
import { isSoldOut } from '../lib/data';

/** Up to three more upcoming workshops under the hero, each marked Open, Closed or Cancelled. */
export default function OtherWorkshops({ workshops: others }: { workshops: PublicWorkshop[] }) {
  return (
        <div className="container">
          <h2 className="others-title">More upcoming workshops</h2>
          <ul className="others" data-testid="other-workshops">
            {others.map((w) => (
              <li key={w.id} className="other-card">
                <div>
                  <p className="other-name">{w.title}</p>
                  <p className="other-date">
                    <EventTime iso={w.date} />
                  </p>
                </div>
                <div className="other-meta">
                  <span className="other-price">{formatPrice(w.price_usd_cents)}</span>
                  <span className={`pill ${w.registration_open && !isSoldOut(w) ? 'pill-open' : 'pill-closed'}`} data-testid="other-status">
                    {w.status === 'cancelled' ? 'Cancelled' : w.registration_open && !isSoldOut(w) ? 'Open' : 'Closed'}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </div>
  );
}
