import { OTHER_WORKSHOPS_SHOWN } from '@workshop/shared';
import { CalendarGlyph } from '../components/event-time';

/**
 * What the home page shows where its live data goes until that data is drawn (the prerendered
 * page carries this, built without data). It has the live parts' own shapes and classes, so
 * nothing moves when they arrive: the server describes the data it put in the page on `<html>`
 * (server/src/site/live-placeholders.ts: which card the hero shows, the titles, how many more
 * workshops, their starts), and base.css shows the matching parts, titles and starts at their real
 * length (the starts written for the visitor's zone by live-times.inline.ts before the first paint).
 */
export function HeroPlaceholder() {
  return (
    <>
      <div className="card workshop-card hero-placeholder" aria-busy="true" data-testid="hero-skeleton">
        <div className="workshop-card-top">
          {/* Named by its text (a plain div takes no aria-label), inside a row: a grid item of its own would add a gap. */}
          <span className="sr-only">Loading workshop</span>
          <span className="badge ghost" aria-hidden="true">
            AVAILABLE
          </span>
          <span className="small ghost" aria-hidden="true">
            ~5 hours (may vary)
          </span>
        </div>
        <p className="workshop-title ghost-heading" aria-hidden="true">
          <span className="ghost live-hero-title" />
        </p>
        <p className="workshop-date" aria-hidden="true">
          <CalendarGlyph />
          <PlaceholderTime slot={0} />
        </p>
        <div className="price-row" aria-hidden="true">
          <span className="price-list ghost">$199</span>
          <span className="price-real ghost">$99</span>
          <span className="save ghost">Save 50%</span>
        </div>
        <div className="countdown live-countdown" aria-hidden="true">
          {['Days', 'Hours', 'Minutes', 'Seconds'].map((unit) => (
            <div key={unit} className="countdown-cell ghost-cell">
              <span className="countdown-value">00</span>
              <span className="countdown-unit">{unit}</span>
            </div>
          ))}
        </div>
        <div className="btn btn-lg btn-block skeleton live-book" aria-hidden="true">
          &nbsp;
        </div>
        <div className="btn btn-lg btn-block skeleton live-waitlist" aria-hidden="true">
          &nbsp;
        </div>
        <p className="status-text" aria-hidden="true">
          <span className="ghost">Seats Available · only 20 left</span>
        </p>
        <p className="small muted center" aria-hidden="true">
          <span className="ghost">Questions first? Contact us</span>
        </p>
      </div>
      <div className="card workshop-card none-placeholder" aria-hidden="true">
        <p className="workshop-title ghost-heading">
          <span className="ghost">Workshop Not Available</span>
        </p>
        <p>
          <span className="ghost">No active workshops are currently available for registration.</span>
        </p>
        <p className="small">
          <span className="ghost">Want to hear about the next one? Contact us</span>
        </p>
      </div>
    </>
  );
}

/** The place the "More upcoming workshops" list takes once drawn: shown only when the page has some. */
export function OthersPlaceholder() {
  return (
    <div className="container others-placeholder" aria-hidden="true">
      <p className="others-title ghost-heading">More upcoming workshops</p>
      <ul className="others">
        {Array.from({ length: OTHER_WORKSHOPS_SHOWN }, (_, i) => (
          <li key={i} className="other-card">
            <div>
              <p className="other-name">
                <span className={`ghost live-other-${i + 1}`} />
              </p>
              <p className="other-date">
                <PlaceholderTime slot={i + 1} />
              </p>
            </div>
            <div className="other-meta">
              <span className="other-price ghost">$99</span>
              <span className="pill ghost">Open</span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A start as EventTime draws it, its text from CSS (base.css): written for this visitor's zone
 * before the first paint (live-times.inline.ts), or a typical one where that could not run.
 */
function PlaceholderTime({ slot }: { slot: number }) {
  return (
    <span className={`event-time live-time live-time-${slot}`}>
      <span className="event-local">
        <span className="ghost live-local" />
        <span className="event-note ghost live-note" />
      </span>
      <span className="event-eastern">
        <span className="ghost live-eastern" />
      </span>
    </span>
  );
}
