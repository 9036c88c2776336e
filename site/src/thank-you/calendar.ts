import { CALENDAR_SLOT_HOURS } from '@workshop/shared';

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Google Calendar's event template: a 5-hour slot, location Online (SPEC §2). */
export function calendarUrl(title: string, start: Date, details: string): string {
  const end = new Date(start.getTime() + CALENDAR_SLOT_HOURS * 3_600_000);
  const params = new URLSearchParams({ action: 'TEMPLATE', text: title, dates: `${stamp(start)}/${stamp(end)}`, details, location: 'Online' });
  return `https://calendar.google.com/calendar/render?${params}`;
}
