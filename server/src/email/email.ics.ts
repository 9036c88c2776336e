import { calendarDescription, calendarUid, eventEnd, icsCalendar } from '@workshop/shared';

/** Which calendar event an email's invite is about, fixed when the email is queued. */
export interface InviteRef {
  /** The order's id (the buyer's event) or an attendee seat's id (that attendee's own event). */
  id: string;
  /** This UID's next SEQUENCE when the email was queued: above every invite sent for it before. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
}

export interface IcsInput {
  invite: InviteRef;
  title: string;
  accessId: string;
  /** The site's public address: the invite never carries the secret booking link. */
  siteUrl: string;
  start: Date;
  durationHours?: number;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When it is written; tests pin it. */
  now?: Date;
}

/** An iTIP invite (RFC 5546) for one booking's event, online, lasting the workshop's own hours. */
export function workshopInvite(input: IcsInput): string {
  return icsCalendar({
    method: input.invite.method,
    uid: calendarUid(input.invite.id),
    sequence: input.invite.sequence,
    stamp: input.now ?? new Date(),
    start: input.start,
    end: eventEnd(input.start, input.durationHours),
    title: input.title,
    description: calendarDescription(input.accessId, input.siteUrl),
    location: 'Online',
    organizer: input.organizer,
    attendee: input.attendee,
  });
}
