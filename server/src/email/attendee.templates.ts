import { formatCents, formatEventDate } from '@workshop/shared';
import { cancelInvite, type EmailContent, esc, invite, layout, type RegistrationEmailData } from './email.templates';

/** An attendee's own confirmation: someone booked them a seat; their link, their calendar event. */
export function attendeeConfirmationEmail(d: RegistrationEmailData): EmailContent {
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Access ID', d.accessId],
  ];
  const intro = `Hi ${d.name}, ${d.buyerName ?? 'your organiser'} booked you a seat at ${d.workshopTitle}.`;
  const next = d.bookingUrl ? `Your booking page has the join link from 24 hours before the start and a calendar invite: ${d.bookingUrl}` : 'The workshop link will be sent to this address before the session.';
  return {
    subject: `You're registered: ${d.workshopTitle}`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', next, '', 'Keep your Access ID: you will need it to join.', d.publicBaseUrl].join('\n'),
    html: layout("You're registered!", rows, [
      esc(intro),
      d.bookingUrl ? `Your booking page has the join link from 24 hours before the start and a calendar invite: <a href="${esc(d.bookingUrl)}">Your booking</a>` : esc(next),
      'Keep your Access ID: you will need it to join.',
    ]),
    attachments: [invite(d)],
  };
}

/** Some seats of an order were cancelled (the order goes on): what was given back. */
export function seatsCancelledEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const refund = Number(d.details?.['Refund cents'] ?? 0);
  const which = d.details?.Seats ?? '';
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Access ID', d.accessId],
    ['Seats cancelled', which],
    ['Refund', formatCents(refund)],
  ];
  const body = refund
    ? `Hi ${d.name}, ${which} of your booking ${which.includes(',') ? 'are' : 'is'} cancelled and the place given back. ${formatCents(refund)} is being refunded to your original payment method; it can take 5-7 business days to appear. Your other seats stand.`
    : `Hi ${d.name}, ${which} of your booking ${which.includes(',') ? 'are' : 'is'} cancelled and the place given back. Under the cancellation policy no refund is due. Your other seats stand.`;
  return {
    subject: `Seats cancelled: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Seats cancelled', rows, [esc(body)]),
  };
}

/**
 * An attendee's own event is off: their seat was cancelled, or the buyer gave it to someone else.
 * The attached CANCEL takes it out of their calendar.
 */
export function attendeeCancelledEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const reason = d.details?.Reason;
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
  ];
  const text: Record<string, { subject: string; heading: string; body: string }> = {
    transferred: {
      subject: `Seat transferred: ${d.workshopTitle}`,
      heading: 'Your seat was transferred',
      body: `Hi ${d.name}, ${d.buyerName ?? 'your organiser'} gave your seat at ${d.workshopTitle} to someone else, so it is no longer yours and your booking link no longer works. The attached calendar update removes it from your calendar.`,
    },
    moved: {
      subject: `Seat moved: ${d.workshopTitle}`,
      heading: 'Your seat was moved',
      body: `Hi ${d.name}, your seat at ${d.workshopTitle} was moved to another session. Your new confirmation, with its own booking link and calendar invite, comes in a separate email; the attached calendar update removes this date from your calendar.`,
    },
  };
  const t = text[reason ?? ''] ?? {
    subject: `Seat cancelled: ${d.workshopTitle}`,
    heading: 'Your seat is cancelled',
    body: `Hi ${d.name}, your seat at ${d.workshopTitle} is cancelled and the place given back. The attached calendar update removes it from your calendar.`,
  };
  return {
    subject: t.subject,
    text: [t.body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout(t.heading, rows, [esc(t.body)]),
    ...cancelInvite(d),
  };
}
