import { DISPLAY_TIME_ZONE } from './constants';
import { dateTimeFormat } from './intl-formats';
import { zoneOffsetMinutes } from './zone-offset';

const eventFormatOptions: Intl.DateTimeFormatOptions = {
  timeZone: DISPLAY_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
};

/**
 * "Saturday, September 27, 2025, 4:30 AM EDT" (SPEC §9 display format). Built from parts
 * because ICU versions join date and time differently (", " or " at ").
 */
export function formatEventDate(value: string | Date): string {
  const p: Record<string, string> = {};
  for (const part of dateTimeFormat(eventFormatOptions).formatToParts(new Date(value))) p[part.type] = part.value;
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

const dateOnlyOptions: Intl.DateTimeFormatOptions = {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};

export function formatShortDate(value: string | Date): string {
  return dateTimeFormat(dateOnlyOptions).format(new Date(value));
}

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

let dateTimeFormatter: Intl.DateTimeFormat | undefined;
let lastFormatted: { time: number; text: string } | undefined;

/**
 * Exports call this for every row, and the seats of one order share its instant: the formatter is
 * kept, and the last instant's text too.
 */
export function formatDateTime(value: string | Date): string {
  const time = new Date(value).getTime();
  if (lastFormatted?.time === time) return lastFormatted.text;
  dateTimeFormatter ??= dateTimeFormat(dateTimeOptions);
  lastFormatted = { time, text: dateTimeFormatter.format(time) };
  return lastFormatted.text;
}

/** YYYY-MM-DD of an instant in UTC: CSV file names use the ISO date. */
export function isoDate(value: Date = new Date()): string {
  return value.toISOString().slice(0, 10);
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

// What the home page needs at once is in their own modules, out of the formatters' chunk.
export * from './zone-offset';
export * from './event-times';
export * from './live-placeholder-vars';
