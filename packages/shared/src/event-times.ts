import { DISPLAY_TIME_ZONE } from './constants';
import { dateTimeFormat } from './intl-formats';
import { zoneOffsetMinutes } from './zone-offset';

export interface CountdownParts {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
  done: boolean;
}

/** Zero-padded parts until `target`; all zeros and done once it has passed. */
export function countdownParts(target: Date | string, now: Date = new Date()): CountdownParts {
  const ms = Math.max(0, new Date(target).getTime() - now.getTime());
  const pad = (n: number) => String(n).padStart(2, '0');
  const s = Math.floor(ms / 1000);
  return {
    days: pad(Math.floor(s / 86400)),
    hours: pad(Math.floor((s % 86400) / 3600)),
    minutes: pad(Math.floor((s % 3600) / 60)),
    seconds: pad(s % 60),
    done: ms === 0,
  };
}

/** After the visitor's own time when Eastern time is shown too. */
export const YOUR_TIME_NOTE = ' (your time)';

export interface EventTimes {
  /** 'Sunday, December 6, 2026' in the visitor's zone. */
  localDate: string;
  /** '12:30 AM India Standard Time' in the visitor's zone. */
  localTime: string;
  /** The two together. */
  local: string;
  /** '2:00 PM EST (Eastern Time)', with the Eastern date first when it is another day; null when the visitor is on Eastern time. */
  eastern: string | null;
}

function partsIn(instant: Date, zone: string, zoneName: 'long' | 'short') {
  const p: Record<string, string> = {};
  const f = dateTimeFormat({ timeZone: zone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: zoneName });
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.weekday}, ${p.month} ${p.day}, ${p.year}`, day: `${p.weekday}, ${p.month} ${p.day}`, time: `${p.hour}:${p.minute} ${p.dayPeriod}`, zone: p.timeZoneName };
}

/** The zone this browser (or process) runs in; Eastern when the runtime cannot tell. */
export function viewerTimeZone(): string {
  try {
    return dateTimeFormat({}).resolvedOptions().timeZone || DISPLAY_TIME_ZONE;
  } catch {
    return DISPLAY_TIME_ZONE;
  }
}

/**
 * A workshop's start in the visitor's own zone, named, with Eastern time (the zone the
 * workshops are scheduled in) beside it: "Sunday, December 6, 2026, 12:30 AM India Standard
 * Time" and "Saturday, December 5, 2:00 PM EST (Eastern Time)".
 */
export function eventTimes(value: string | Date, viewerZone: string = viewerTimeZone()): EventTimes {
  const instant = new Date(value);
  let local: ReturnType<typeof partsIn>;
  try {
    local = partsIn(instant, viewerZone, 'long');
  } catch {
    local = partsIn(instant, DISPLAY_TIME_ZONE, 'long');
    viewerZone = DISPLAY_TIME_ZONE;
  }
  const east = partsIn(instant, DISPLAY_TIME_ZONE, 'short');
  const eastLong = partsIn(instant, DISPLAY_TIME_ZONE, 'long');
  const sameZone = local.zone === eastLong.zone && zoneOffsetMinutes(instant, viewerZone) === zoneOffsetMinutes(instant);
  const localTime = `${local.time} ${local.zone}`;
  return {
    localDate: local.date,
    localTime,
    local: `${local.date}, ${localTime}`,
    eastern: sameZone ? null : `${east.date === local.date ? '' : `${east.day}, `}${east.time} ${east.zone} (Eastern Time)`,
  };
}
