import ICAL from 'ical.js';
import { expect } from 'vitest';

/** What a calendar app reads from an invite: the event as ical.js (a third-party iCalendar parser) parses it. */
export interface ReadInvite {
  method: string | null;
  uid: string;
  sequence: number;
  status: string | null;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  attendee: { cn: string; email: string } | null;
  organizer: { cn: string; email: string } | null;
  raw: string;
}

/**
 * RFC 5545 §3.1 framing, which ical.js itself forgives: CRLF line ends only, every physical line
 * at most 75 octets of UTF-8, no multi-byte character cut by a fold (its bytes would no longer
 * decode). Then what ical.js reads.
 */
export function readIcs(raw: string): ReadInvite {
  expect(raw.endsWith('\r\n'), 'ends with CRLF').toBe(true);
  expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  expect(raw).not.toContain('\uFFFD');
  for (const line of raw.slice(0, -2).split('\r\n')) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);

  const calendar = new ICAL.Component(ICAL.parse(raw));
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const vevent = vevents[0];
  const event = new ICAL.Event(vevent);
  const person = (name: string) => {
    const p = vevent.getFirstProperty(name);
    if (!p) return null;
    return { cn: String(p.getParameter('cn') ?? ''), email: String(p.getFirstValue()).replace(/^mailto:/i, '') };
  };
  return {
    method: (calendar.getFirstPropertyValue('method') as string | null) ?? null,
    uid: event.uid,
    sequence: event.sequence,
    status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    attendee: person('attendee'),
    organizer: person('organizer'),
    raw,
  };
}

/** The invite attached to a captured email (the SendGrid sandbox keeps attachments base64), with its content type. */
export function inviteOf(mail: { subject: string; attachments: { filename: string; type: string; content: string }[] }): ReadInvite & { type: string } {
  const ics = mail.attachments.filter((a) => a.type.startsWith('text/calendar'));
  expect(ics, `one invite in "${mail.subject}"`).toHaveLength(1);
  return { type: ics[0].type, ...readIcs(Buffer.from(ics[0].content, 'base64').toString('utf8')) };
}

export const HOUR_MS = 3_600_000;
