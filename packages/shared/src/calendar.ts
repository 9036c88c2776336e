import { CALENDAR_SLOT_HOURS } from './constants';

/**
 * The calendar event of a booking, written one way for the emailed invites (RFC 5546 iTIP:
 * REQUEST, CANCEL) and the booking page's file, so both carry the same UID and lines a calendar
 * app accepts (RFC 5545: CRLF, folded at 75 octets).
 */

const HOUR_MS = 3_600_000;
/** RFC 5545 §3.1: no line longer than 75 octets, not counting its CRLF. */
const MAX_LINE_OCTETS = 75;

/** The event's UID: one per booking (the order's id, or an attendee's seat id), the same in every invite and file for it. */
export const calendarUid = (id: string) => `${id}@nocode-workshop`;

/** When a workshop ends: its own length, or the SPEC's 5-hour calendar slot when it has none. */
export function eventEnd(start: Date | string, durationHours?: number | null): Date {
  const hours = durationHours && durationHours > 0 ? durationHours : CALENDAR_SLOT_HOURS;
  return new Date(new Date(start).getTime() + hours * HOUR_MS);
}

/** What the event says about the booking: its access id and the site's public address (never the secret booking link). */
export const calendarDescription = (accessId: string, siteUrl: string) => `Access ID: ${accessId}\n${siteUrl}`;

const utf8Octets = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/**
 * Folds one content line at 75 octets of UTF-8 (continuations start with a space, which counts),
 * only between characters, so no multi-byte character is split across lines.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = utf8Octets(ch.codePointAt(0) as number);
    if (octets + n > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += n;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export const escapeIcsText = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/(?![\n\t])\p{Cc}/gu, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');

/** A quoted parameter value (CN=): it may hold no DQUOTE or control character (§3.1). */
const paramText = (s: string) => `"${s.replace(/["\p{Cc}]/gu, '')}"`;

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  /** An emailed invite's iTIP method; a downloaded file has none (it is imported, not a message). */
  method?: 'REQUEST' | 'CANCEL';
  uid: string;
  /** Only ever grows for a UID: a calendar ignores an invite whose SEQUENCE is not above the one it holds. */
  sequence: number;
  /** When this version was written (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
  organizer?: CalendarPerson;
  attendee?: CalendarPerson;
}

/** A VCALENDAR with one VEVENT: every line folded, CRLF line ends. A CANCEL is STATUS:CANCELLED. */
export function icsCalendar(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//nocode-workshop//calendar//EN',
    'CALSCALE:GREGORIAN',
    ...(e.method ? [`METHOD:${e.method}`] : []),
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${stamp(e.stamp)}`,
    `DTSTART:${stamp(e.start)}`,
    `DTEND:${stamp(e.end)}`,
    `SUMMARY:${escapeIcsText(e.title)}`,
    `DESCRIPTION:${escapeIcsText(e.description)}`,
    `LOCATION:${escapeIcsText(e.location)}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(e.organizer ? [`ORGANIZER;CN=${paramText(e.organizer.name)}:mailto:${e.organizer.email}`] : []),
    ...(e.attendee ? [`ATTENDEE;CN=${paramText(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${e.attendee.email}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
