import { formatEventDate } from '@workshop/shared';
import { cancelInvite, type EmailContent, esc, layout, type RegistrationEmailData } from './email.templates';

/**
 * A booking, or one seat of it, handed to someone else. To whoever gave it away: it is theirs no
 * more, and (with the order's CANCEL attached) their calendar drops it. To the buyer of a team
 * whose attendee passed their seat on: who has it now.
 */
export function bookingTransferredEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const to = d.details?.['Transferred to'] ?? 'someone else';
  const seatOf = d.details?.['Seat of'];
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Access ID', d.accessId],
    ['Now held by', to],
  ];
  const body = seatOf
    ? `Hi ${d.name}, ${seatOf} gave their seat of your booking for ${d.workshopTitle} to ${to}, who now has their own confirmation and booking link. Nothing changes in what you paid.`
    : `Hi ${d.name}, your seat at ${d.workshopTitle} now belongs to ${to}, who has their own confirmation and booking link. The event is removed from your calendar. Any refund of this booking still goes to the original payment method.`;
  return {
    subject: `Booking transferred: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Your booking was transferred', rows, [esc(body)]),
    ...cancelInvite(d),
  };
}
