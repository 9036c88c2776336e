import { DISPLAY_TIME_ZONE } from './constants';
import { dateTimeFormat } from './intl-formats';

/** Offset in minutes of `zone` from UTC at `instant` (e.g. -240 for EDT). */
export function zoneOffsetMinutes(instant: Date, zone: string = DISPLAY_TIME_ZONE): number {
  const parts = dateTimeFormat({
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - instant.getTime()) / 60000);
}
