import { eventTimes } from '@workshop/shared';

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
        {t.eastern && <span className="event-note"> (your time)</span>}
      </span>
      {t.eastern && <span className="event-eastern">{t.eastern}</span>}
    </span>
  );
}
