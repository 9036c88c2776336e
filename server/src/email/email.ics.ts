import { createEvent } from 'ics';
import { CALENDAR_SLOT_HOURS } from '@workshop/shared';

export interface IcsInput {
  uid: string;
  title: string;
  description: string;
  start: Date;
  organizerEmail: string;
  organizerName: string;
  attendeeName: string;
  attendeeEmail: string;
  /** Higher on each change of date or place, with the same uid: calendars update the event. */
  sequence?: number;
}

/** A METHOD:REQUEST invite: the 5-hour calendar slot the SPEC gives every workshop, location Online. */
export function workshopInvite(input: IcsInput): string {
  const { error, value } = createEvent({
    uid: input.uid,
    sequence: input.sequence ?? 0,
    method: 'REQUEST',
    productId: 'nocode-workshop/ics',
    title: input.title,
    description: input.description,
    location: 'Online',
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: CALENDAR_SLOT_HOURS },
    status: 'CONFIRMED',
    organizer: { name: input.organizerName, email: input.organizerEmail },
    attendees: [{ name: input.attendeeName, email: input.attendeeEmail, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('could not build the calendar invite');
  return value;
}
