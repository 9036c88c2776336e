import { CALENDAR_SLOT_HOURS } from '@workshop/shared';
import { calendarUrl } from '../thank-you/calendar';

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface CalendarEvent {
  title: string;
  start: Date;
  details: string;
  uid: string;
}

const endOf = (e: CalendarEvent) => new Date(e.start.getTime() + CALENDAR_SLOT_HOURS * 3_600_000);

export const googleCalendarUrl = (e: CalendarEvent) => calendarUrl(e.title, e.start, e.details);

export function outlookCalendarUrl(e: CalendarEvent): string {
  const params = new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: e.title, startdt: e.start.toISOString(), enddt: endOf(e).toISOString(), body: e.details, location: 'Online' });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}

const escapeIcs = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/** A one-event .ics file (the same UID as the emailed invite, so calendars update rather than duplicate). */
export function icsFile(e: CalendarEvent): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//nocode-workshop//booking//EN',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(e.start)}`,
    `DTEND:${stamp(endOf(e))}`,
    `SUMMARY:${escapeIcs(e.title)}`,
    `DESCRIPTION:${escapeIcs(e.details)}`,
    'LOCATION:Online',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
