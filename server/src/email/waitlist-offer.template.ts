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

/** Someone joined a workshop's line: their place, what happens when a seat frees up, and how to leave. */
export function waitlistJoinedEmail(d: EmailData): EmailContent {
  const p = d.waitlistPlace;
  if (!p) throw new Error('waitlist place without its link');
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(new Date(d.workshopDate))],
    ['Your place in line', String(p.position)],
  ];
  const intro = `Hi ${d.name}, you're on the waitlist for ${d.workshopTitle}.`;
  const next = `When a seat frees up we'll email you a link that holds it for you for ${p.hours} hours, in the order people joined.`;
  return {
    subject: `You're on the waitlist: ${d.workshopTitle}`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', next, '', `No longer interested? Leave the waitlist: ${p.leaveUrl}`].join('\n'),
    html: layout("You're on the waitlist", rows, [esc(intro), esc(next), `No longer interested? <a href="${esc(p.leaveUrl)}">Leave the waitlist</a>`]),
  };
}

/** The workshop someone was waiting for was called off: the line ends, nothing was paid. */
export function waitlistCancelledEmail(d: EmailData): EmailContent {
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(new Date(d.workshopDate))],
  ];
  const reason = d.details?.Reason ? ` ${d.details.Reason}` : '';
  const body = `Hi ${d.name}, we are sorry: ${d.workshopTitle} has been cancelled by the organiser.${reason} Its waitlist is closed, and nothing was charged.`;
  const after = 'Reply to this email if you would like to hear about a later workshop.';
  return {
    subject: `Workshop cancelled: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', after].join('\n'),
    html: layout('Workshop cancelled', rows, [esc(body), esc(after)]),
  };
}
