import { DISPLAY_TIME_ZONE } from './constants';

const eventFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

/**
 * "Saturday, September 27, 2025, 4:30 AM EDT" (SPEC §9 display format). Built from parts
 * because ICU versions join date and time differently (", " or " at ").
 */
export function formatEventDate(value: string | Date): string {
  const p: Record<string, string> = {};
  for (const part of eventFormat.formatToParts(new Date(value))) p[part.type] = part.value;
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

const dateOnly = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

export function formatShortDate(value: string | Date): string {
  return dateOnly.format(new Date(value));
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value));
}

/** YYYY-MM-DD of an instant in UTC: CSV file names use the ISO date. */
export function isoDate(value: Date = new Date()): string {
  return value.toISOString().slice(0, 10);
}

/** Offset in minutes of `zone` from UTC at `instant` (e.g. -240 for EDT). */
export function zoneOffsetMinutes(instant: Date, zone: string = DISPLAY_TIME_ZONE): number {
  const parts = new Intl.DateTimeFormat('en-US', {
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

/**
 * Admins enter workshop dates as Eastern wall-clock time ("2026-12-05T14:00").
 * Returns the UTC instant, accounting for daylight saving at that date.
 */
export function easternWallTimeToIso(local: string, zone: string = DISPLAY_TIME_ZONE): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) throw new Error(`Invalid local date-time: ${local}`);
  const guess = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // Try the zone's offset on either side of a possible DST switch; keep the one whose
  // instant shows the entered wall time. None does inside the spring-forward gap (02:30
  // does not exist): then the earlier offset gives the time just after the gap (03:30 EDT).
  const before = zoneOffsetMinutes(new Date(guess), zone);
  const after = zoneOffsetMinutes(new Date(guess - before * 60000), zone);
  for (const offset of [after, before]) {
    const instant = new Date(guess - offset * 60000);
    if (zoneOffsetMinutes(instant, zone) === offset) return instant.toISOString();
  }
  return new Date(guess - before * 60000).toISOString();
}

/** Inverse of easternWallTimeToIso: "2026-12-05T14:00" for an <input type="datetime-local">. */
export function isoToEasternWallTime(iso: string, zone: string = DISPLAY_TIME_ZONE): string {
  const instant = new Date(iso);
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant, zone) * 60000);
  return shifted.toISOString().slice(0, 16);
}

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
  const f = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: zoneName });
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.weekday}, ${p.month} ${p.day}, ${p.year}`, day: `${p.weekday}, ${p.month} ${p.day}`, time: `${p.hour}:${p.minute} ${p.dayPeriod}`, zone: p.timeZoneName };
}

/** The zone this browser (or process) runs in; Eastern when the runtime cannot tell. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DISPLAY_TIME_ZONE;
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
