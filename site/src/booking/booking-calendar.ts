import { type BookingView, calendarDescription, eventEnd, icsCalendar } from '@workshop/shared';
import { calendarUrl } from '../thank-you/calendar';

export interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  uid: string;
  sequence: number;
}

/**
 * The booking page's event: the UID and SEQUENCE of the last invite emailed for this link (the
 * buyer's order, or the attendee's seat), the workshop's own length, and the site's public
 * address, never the page's own secret link.
 */
export function bookingCalendarEvent(b: Pick<BookingView, 'workshop' | 'access_id' | 'calendar'>, siteOrigin: string): CalendarEvent {
  const start = new Date(b.workshop.date);
  return {
    title: b.workshop.title,
    start,
    end: eventEnd(start, b.workshop.duration_hours),
    details: calendarDescription(b.access_id, siteOrigin),
    uid: b.calendar.uid,
    sequence: b.calendar.sequence,
  };
}

export const googleCalendarUrl = (e: CalendarEvent) => calendarUrl(e.title, e.start, e.details, e.end);

export function outlookCalendarUrl(e: CalendarEvent): string {
  const params = new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: e.title, startdt: e.start.toISOString(), enddt: e.end.toISOString(), body: e.details, location: 'Online' });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}

/** A one-event .ics file of the same UID and SEQUENCE as the emailed invite, so calendars update rather than duplicate. */
export function icsFile(e: CalendarEvent, now: Date = new Date()): string {
  return icsCalendar({ uid: e.uid, sequence: e.sequence, stamp: now, start: e.start, end: e.end, title: e.title, description: e.details, location: 'Online' });
}
