import { formatCents, formatEventDate } from '@workshop/shared';
import { type EmailContent, esc, layout, type RegistrationEmailData } from './email.templates';

/** Money went back: the credit note for it, attached (email.attachments.ts), for the buyer's books. */
export function creditNoteEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const refund = Number(d.details?.['Refund cents'] ?? 0);
  const number = d.details?.['Credit note'] ?? '';
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Refunded', formatCents(refund)],
    ['Credit note', number],
    ['Credits invoice', d.details?.['Invoice'] ?? ''],
    ['Reference', d.accessId],
  ];
  const how =
    d.details?.['Given back'] === 'by hand'
      ? `we have recorded giving you back ${formatCents(refund)} outside the site, as we arranged with you.`
      : `your refund of ${formatCents(refund)} has gone back to your original payment method (it can take 5-7 business days to appear).`;
  const body = `Hi ${d.name}, ${how} Credit note ${number} for it is attached, for your records; you can also download it from your booking page.`;
  return {
    subject: `Credit note ${number}: your refund of ${formatCents(refund)}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Your refund has gone through', rows, [esc(body)]),
  };
}
