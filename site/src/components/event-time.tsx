import { eventTimes, YOUR_TIME_NOTE } from '@workshop/shared';

/**
 * A workshop's start in the visitor's own time zone, named, with Eastern time (the zone the
 * workshops are scheduled in) on the line below, unless the visitor is on Eastern time.
 */
export function EventTime({ iso }: { iso: string }) {
  const t = eventTimes(iso);
  return (
    <span className="event-time" data-testid="event-time">
      <span className="event-local">
        {t.local}
        {t.eastern && <span className="event-note">{YOUR_TIME_NOTE}</span>}
      </span>
      {t.eastern && <span className="event-eastern">{t.eastern}</span>}
    </span>
  );
}

/** The calendar mark before a start on the hero card (and its placeholder, which must wrap the same). */
export function CalendarGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3zm12 8H5v9h14z" />
    </svg>
  );
}
