import { eventEnd } from '@workshop/shared';

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Google Calendar's event template, location Online (SPEC §2): ends at `end`, else after the SPEC's 5-hour slot. */
export function calendarUrl(title: string, start: Date, details: string, end: Date = eventEnd(start)): string {
  const params = new URLSearchParams({ action: 'TEMPLATE', text: title, dates: `${stamp(start)}/${stamp(end)}`, details, location: 'Online' });
  return `https://calendar.google.com/calendar/render?${params}`;
}
