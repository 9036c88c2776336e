import { formatCents, formatEventDate } from '@workshop/shared';
import { type EmailContent, esc, layout, type RegistrationEmailData } from './email.templates';

/** A goodwill refund: money goes back and the seat stays the buyer's. */
export function goodwillRefundEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const refund = Number(d.details?.['Refund cents'] ?? 0);
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Paid', formatCents(d.amount)],
    ['Refunded', formatCents(refund)],
    ['Reference', d.accessId],
  ];
  const body = `Hi ${d.name}, we have refunded ${formatCents(refund)} to your original payment method as a goodwill gesture; it can take 5-7 business days to appear. Your booking stays confirmed: nothing else changes, and we look forward to seeing you.`;
  return {
    subject: `Refund issued, booking confirmed: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('A refund, and your seat stays', rows, [esc(body)]),
  };
}
