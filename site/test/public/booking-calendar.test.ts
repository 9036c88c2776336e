import { CALENDAR_SLOT_HOURS, eventJsonLd, type PublicWorkshop } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, readIcs } from '../../../server/test/support/ics';
import { bookingCalendarEvent, googleCalendarUrl, icsFile, outlookCalendarUrl } from '../../src/booking/booking-calendar';
import { calendarUrl } from '../../src/thank-you/calendar';

/**
 * The booking page's calendar file and links, as pure functions: the emailed invite's UID and
 * SEQUENCE (from the booking API), the workshop's own length, the site's address and no secret,
 * and a file ical.js reads back intact.
 */
const ORIGIN = 'https://workshop.example.com';
const SECRET = `${ORIGIN}/booking/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd`;
const start = new Date('2026-12-06T19:00:00.000Z');

const booking = (over: { title?: string; duration_hours?: number } = {}) => ({
  access_id: 'NC-CAL23456',
  workshop: { title: over.title ?? 'Three Hour Build', date: start.toISOString(), duration_hours: over.duration_hours ?? 3, time_zone: 'America/New_York' },
  calendar: { uid: '7d1c7d43-5a4e-4b8f-9d0e-0c4e2f3b1a22@nocode-workshop', sequence: 4 },
});

/** Google's `dates=` pair, as instants. */
const googleDates = (url: string) =>
  (new URL(url).searchParams.get('dates') as string).split('/').map((s) => new Date(s.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')).getTime());

describe("the booking page's calendar event", () => {
  it('is the emailed event: same UID, the SEQUENCE last emailed, the workshop’s own 3 hours, no METHOD', () => {
    const e = bookingCalendarEvent(booking(), ORIGIN);
    const read = readIcs(icsFile(e, new Date('2026-11-01T10:00:00Z')));
    expect(read).toMatchObject({ method: null, uid: booking().calendar.uid, sequence: 4, status: 'CONFIRMED', summary: 'Three Hour Build', location: 'Online' });
    expect(read.start.getTime()).toBe(start.getTime());
    expect(read.end.getTime() - read.start.getTime()).toBe(3 * HOUR_MS);
  });

  it('carries the site’s public address, never the secret booking link, in the file and both links', () => {
    const e = bookingCalendarEvent(booking(), ORIGIN);
    const read = readIcs(icsFile(e));
    expect(read.description).toBe(`Access ID: NC-CAL23456\n${ORIGIN}`);
    for (const text of [read.raw, googleCalendarUrl(e), outlookCalendarUrl(e)]) {
      expect(decodeURIComponent(text)).not.toContain('/booking/');
      expect(text).not.toContain(SECRET);
    }
    expect(new URL(googleCalendarUrl(e)).searchParams.get('details')).toBe(`Access ID: NC-CAL23456\n${ORIGIN}`);
    expect(new URL(outlookCalendarUrl(e)).searchParams.get('body')).toBe(`Access ID: NC-CAL23456\n${ORIGIN}`);
  });

  it('Google and Outlook end when the workshop ends, as the JSON-LD endDate says', () => {
    const e = bookingCalendarEvent(booking(), ORIGIN);
    const [from, to] = googleDates(googleCalendarUrl(e));
    expect([from, to]).toEqual([start.getTime(), start.getTime() + 3 * HOUR_MS]);
    const outlook = new URL(outlookCalendarUrl(e)).searchParams;
    expect(new Date(outlook.get('enddt') as string).getTime() - new Date(outlook.get('startdt') as string).getTime()).toBe(3 * HOUR_MS);
    const w = { title: 'Three Hour Build', description: '', date: start.toISOString(), duration_hours: 3, price_usd_cents: 9900, registration_open: true, seats_left: 3, max_participants: 5, created_at: start.toISOString() };
    expect(new Date(eventJsonLd(w as PublicWorkshop, ORIGIN).endDate).getTime()).toBe(to);
  });

  it('the thank-you page’s link lasts the workshop’s hours, and the 5-hour slot only when none is given', () => {
    expect(googleDates(calendarUrl('T', start, 'd', new Date(start.getTime() + 2 * HOUR_MS)))).toEqual([start.getTime(), start.getTime() + 2 * HOUR_MS]);
    expect(googleDates(calendarUrl('T', start, 'd'))).toEqual([start.getTime(), start.getTime() + CALENDAR_SLOT_HOURS * HOUR_MS]);
  });

  it('a long non-ASCII title: every line at most 75 octets, CRLF, read back intact', () => {
    const title = 'Atelier « No-Code » für Anfänger: 李小龍の日本語ワークショップ — Zoë Ñúñez, Łódź; Ångström 🚀 édition spéciale, deuxième partie';
    const raw = icsFile(bookingCalendarEvent(booking({ title }), ORIGIN));
    expect(readIcs(raw).summary).toBe(title);
    expect(raw.split('\r\n').filter((l) => l.startsWith(' ')).length).toBeGreaterThan(1);
  });
});
