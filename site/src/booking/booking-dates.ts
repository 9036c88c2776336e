import { dateTimeFormat, DISPLAY_TIME_ZONE, viewerTimeZone } from '@workshop/shared';

const fmt = (zone: string) => dateTimeFormat({ timeZone: zone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** The start in the visitor's own zone, and in Eastern time beside it (the workshop's zone), each saying its zone. */
export function startLines(iso: string): { local: string; eastern: string | null; zone: string } {
  const d = new Date(iso);
  const zone = viewerTimeZone();
  const local = fmt(zone).format(d);
  const eastern = fmt(DISPLAY_TIME_ZONE).format(d);
  return { local, eastern: zone === DISPLAY_TIME_ZONE || local === eastern ? null : eastern, zone };
}
