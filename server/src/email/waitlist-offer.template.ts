import { formatCents, formatEventDate } from '@workshop/shared';
import type { EmailData } from './email.data';
import { type EmailContent, esc, layout } from './email.templates';

/** A seat freed up and is held for the next person in line, with their personal links. */
export function waitlistOfferEmail(d: EmailData): EmailContent {
  const w = d.waitlist;
  if (!w) throw new Error('waitlist offer without its links');
  const until = formatEventDate(new Date(w.expiresAt));
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(new Date(d.workshopDate))],
    ['Price', formatCents(d.amount)],
    ['Seat held until', until],
  ];
  const intro = `Hi ${d.name}, a seat has opened up and it is yours if you want it. We are holding it for you for ${w.hours} hours.`;
  const after = 'If you do not book by then, the seat goes to the next person on the waitlist.';
  return {
    subject: `A seat is waiting for you: ${d.workshopTitle}`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `Book your seat: ${w.offerUrl}`, after, '', `No longer interested? Leave the waitlist: ${w.leaveUrl}`].join('\n'),
    html: layout('A seat is waiting for you', rows, [
      esc(intro),
      `<a href="${esc(w.offerUrl)}">Book your seat</a>`,
      esc(after),
      `No longer interested? <a href="${esc(w.leaveUrl)}">Leave the waitlist</a>`,
    ]),
  };
}
