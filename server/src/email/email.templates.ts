import { formatCents, formatEventDate } from '@workshop/shared';
import { type InviteRef, workshopInvite } from './email.ics';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; type: string; content: string; disposition: 'attachment' }[];
}

/** The fields of the SPEC's send-registration-email call, plus what the invite needs. */
export interface RegistrationEmailData {
  registrationId: string;
  name: string;
  email: string;
  accessId: string;
  workshopTitle: string;
  workshopDate: Date;
  amount: number;
  paymentMethod: string | null;
  /** Added by an admin by hand: what goes back of money paid outside the site goes back the way it came. */
  byHand?: 'complimentary' | 'offline' | null;
  publicBaseUrl: string;
  from: { email: string; name: string };
  /** The buyer's manage-your-booking link (confirmation emails only; scrubbed from storage once sent). */
  bookingUrl?: string;
  /** An admin's password reset link (scrubbed from storage once sent, like bookingUrl). */
  resetUrl?: string;
  /** A checkout-recovery follow-up's links (scrubbed from storage once sent, like bookingUrl). */
  recoveryUrl?: string;
  unsubscribeUrl?: string;
  /** The calendar invite this email carries (its UID, SEQUENCE, REQUEST or CANCEL), taken when it was queued. */
  calendar?: InviteRef;
  /** The workshop's length, for the invite's end (the SPEC's 5-hour slot when absent). */
  durationHours?: number;
  /** Emails queued before `calendar`: the workshop's revision as SEQUENCE. */
  sequence?: number;
  join?: { url: string | null; passcode: string | null; materials_url: string | null };
  message?: { subject: string; body: string };
  /** Why a late payment was refunded in full (refund notices): the workshop filled up, or the promo code of a checkout the buyer had cancelled was used up. */
  refundReason?: LateRefundReason;
  /** An order of several seats: who sits in each (a seat not named yet has no name). */
  seatList?: { position: number; name: string | null; email: string | null }[];
  /** Emails queued before `calendar`: the seat's id when the event was an attendee's. */
  inviteUid?: string;
  /** Who booked the seat, for an attendee's own emails. */
  buyerName?: string;
  /** The promo code the booking was priced with, if any. */
  promoCode?: string | null;
}

/** "$0.00 (free with promo code SPRING)", "$49.50 (with promo code HALF)", or the amount alone. */
function amountPaid(d: RegistrationEmailData): string {
  if (d.byHand === 'complimentary') return 'Complimentary';
  if (d.byHand === 'offline') return `${formatCents(d.amount)} (paid outside the site)`;
  if (!d.promoCode) return formatCents(d.amount);
  return `${formatCents(d.amount)} (${d.amount === 0 ? 'free with' : 'with'} promo code ${d.promoCode})`;
}

/**
 * The .ics every confirmation, update and cancellation carries: one UID per booking (the order's,
 * or an attendee's seat), a SEQUENCE that only grows for it, METHOD and content type agreeing.
 */
export function invite(d: RegistrationEmailData): NonNullable<EmailContent['attachments']>[number] {
  const ref: InviteRef = d.calendar ?? { id: d.inviteUid ?? d.registrationId, sequence: d.sequence ?? 0, method: 'REQUEST' };
  const ics = workshopInvite({
    invite: ref,
    title: d.workshopTitle,
    accessId: d.accessId,
    siteUrl: d.publicBaseUrl,
    start: d.workshopDate,
    durationHours: d.durationHours,
    organizer: d.from,
    attendee: { name: d.name, email: d.email },
  });
  return { filename: 'workshop.ics', type: `text/calendar; method=${ref.method}`, content: Buffer.from(ics, 'utf8').toString('base64'), disposition: 'attachment' };
}

/** A cancellation's invite, when one was queued with it (a booking that never had an invite gets none). */
export const cancelInvite = (d: RegistrationEmailData) => (d.calendar?.method === 'CANCEL' ? { attachments: [invite(d)] } : {});

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Every email's HTML: a whole valid document (the Nu HTML Checker finds nothing in it), in
 * English, UTF-8, titled with its heading; the heading, the paragraphs (HTML), then the facts.
 */
export function layout(title: string, rows: [string, string][], paragraphs: string[]): string {
  const table = rows.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${esc(k)}</td><td style="padding:4px 0;font-weight:600">${esc(v)}</td></tr>`).join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${esc(title)}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}
<table style="border-collapse:collapse;margin:16px 0">${table}</table></body></html>`;
}

/** A seat as the buyer named it ("not named yet" until they do, from their booking page). */
export const seatWho = (s: { name: string | null; email: string | null }) => (s.name ? `${s.name}${s.email ? ` (${s.email})` : ''}` : 'not named yet: name it from your booking page');

export function confirmationEmail(d: RegistrationEmailData): EmailContent {
  const date = formatEventDate(d.workshopDate);
  const seats = d.seatList && d.seatList.length > 1 ? d.seatList : undefined;
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', date],
    ['Access ID', d.accessId],
    ...(seats ? [['Seats', String(seats.length)] as [string, string], ...seats.map((s): [string, string] => [`Seat ${s.position}`, seatWho(s)])] : []),
    ['Amount paid', amountPaid(d)],
  ];
  const intro = seats ? `Hi ${d.name}, your ${seats.length} seats are confirmed. Thank you for registering!` : `Hi ${d.name}, your seat is confirmed. Thank you for registering!`;
  const next = d.bookingUrl
    ? `Your booking page has the join link from 24 hours before the start, a calendar invite, and cancellation: ${d.bookingUrl}`
    : 'The workshop link and materials will be sent to this address before the session. If you do not see our emails, check your junk/spam folder.';
  return {
    subject: `You're registered: ${d.workshopTitle}`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', next, '', `Keep your Access ID: you will need it to join.`, d.publicBaseUrl].join('\n'),
    html: layout("You're registered!", rows, [
      esc(intro),
      d.bookingUrl ? `Your booking page has the join link from 24 hours before the start, a calendar invite, and cancellation: <a href="${esc(d.bookingUrl)}">Manage your booking</a>` : esc(next),
      'Keep your Access ID: you will need it to join.',
    ]),
    attachments: [invite(d)],
  };
}

export function adminNotificationEmail(d: RegistrationEmailData & { phone: string }): EmailContent {
  const rows: [string, string][] = [
    ['Name', d.name],
    ['Email', d.email],
    ['Phone', d.phone],
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Access ID', d.accessId],
    ['Amount', formatCents(d.amount)],
    ['Paid with', d.paymentMethod ?? ''],
  ];
  return {
    subject: `New registration: ${d.name} for ${d.workshopTitle}`,
    text: ['A new registration was completed.', '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${d.publicBaseUrl}/admin/registrations`].join('\n'),
    html: layout('New registration', rows, ['A new registration was completed.']),
  };
}

/** Why a payment that arrived bought no seat and went back in full (the buyer and the admin are told). */
export type LateRefundReason = 'workshop_full' | 'workshop_cancelled' | 'promo_used_up' | 'already_booked' | 'replaced';

/** For each reason: why, to the buyer; the subject's end; what the admin reads; the admin subject's note. */
const LATE_REFUND: Record<LateRefundReason, { why: string; subject: (title: string) => string; admin: string; adminNote: (title: string) => string; closing?: string }> = {
  workshop_full: {
    why: 'your payment arrived after the workshop had filled up, so we could not give you a seat.',
    subject: (t) => `Refund issued: ${t} is full`,
    admin: 'A payment arrived after its seat hold had expired and the workshop was full. It was refunded automatically and the buyer was told.',
    adminNote: (t) => `${t} full`,
  },
  workshop_cancelled: {
    why: 'your payment arrived after the organiser had cancelled the workshop, so there is no seat to give you.',
    subject: (t) => `Refund issued: ${t} was cancelled`,
    admin: 'A payment arrived after the workshop was cancelled. It was refunded automatically and the buyer was told.',
    adminNote: (t) => `${t} cancelled`,
  },
  promo_used_up: {
    why: 'your payment arrived for a checkout you had cancelled, and by then its promo code had no use left, so we could not give you a seat at that price.',
    subject: (t) => `Refund issued: ${t}`,
    admin: 'A payment arrived for a checkout its buyer had cancelled, after its promo code was used up. It was refunded automatically and the buyer was told.',
    adminNote: () => 'promo code used up',
  },
  already_booked: {
    why: 'your payment arrived when you (or someone named in this order) already had a seat in this workshop from another booking, and each person holds one seat, so it bought no second one.',
    subject: (t) => `Refund issued: ${t}`,
    admin: 'A payment arrived for an order whose person already had a seat in this workshop from another booking (both windows of a retried checkout paid, say). It bought no second seat: it was refunded automatically and the buyer was told.',
    adminNote: () => 'already had a seat',
    closing: 'Your other booking is unchanged: its confirmation email has your booking link.',
  },
  replaced: {
    why: 'your payment arrived for a checkout you had replaced with a newer one, and the newer checkout is holding the seat, so this payment bought nothing.',
    subject: (t) => `Refund issued: ${t}`,
    admin: 'A payment arrived for a checkout its buyer had replaced, while their newer checkout held the last seat. It was refunded automatically and the buyer was told.',
    adminNote: () => 'replaced by a newer checkout',
    closing: 'To keep the seat, finish the newer checkout, or register again from the workshop page.',
  },
};

export function refundNoticeEmail(d: RegistrationEmailData): EmailContent {
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Refunded', formatCents(d.amount)],
    ['Reference', d.accessId],
  ];
  const late = LATE_REFUND[d.refundReason ?? 'workshop_full'];
  const body = `Hi ${d.name}, ${late.why} We have refunded the full amount to your original payment method; it can take 5-7 business days to appear.`;
  const closing = late.closing ?? 'Reply to this email if you would like a seat in a later workshop.';
  return {
    subject: late.subject(d.workshopTitle),
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', closing].join('\n'),
    html: layout('Your payment was refunded', rows, [esc(body), esc(closing)]),
  };
}

export function adminRefundEmail(d: RegistrationEmailData): EmailContent {
  const rows: [string, string][] = [
    ['Name', d.name],
    ['Email', d.email],
    ['Workshop', d.workshopTitle],
    ['Access ID', d.accessId],
    ['Refunded', formatCents(d.amount)],
    ['Paid with', d.paymentMethod ?? ''],
  ];
  const late = LATE_REFUND[d.refundReason ?? 'workshop_full'];
  return {
    subject: `Refunded late payment: ${d.name} (${late.adminNote(d.workshopTitle)})`,
    text: [late.admin, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Late payment refunded', rows, [esc(late.admin)]),
  };
}

export function duplicateRefundEmail(d: RegistrationEmailData): EmailContent {
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Refunded', formatCents(d.amount)],
    ['Reference', d.accessId],
  ];
  const body = `Hi ${d.name}, we received a second payment for a seat you had already paid for. Your seat is confirmed, and we have refunded the extra payment in full to your original payment method; it can take 5-7 business days to appear.`;
  return {
    subject: `Extra payment refunded: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Your extra payment was refunded', rows, [esc(body)]),
  };
}

/** An alert that needs an admin's hands: what happened, what to do, and the facts. */
export function cancellationEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const refund = Number(d.details?.['Refund cents'] ?? 0);
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Paid', formatCents(d.amount)],
    ['Refund', formatCents(refund)],
    ['Reference', d.accessId],
  ];
  if (d.details?.['Cancelled by'] === 'organiser') return workshopCancelledEmail(d, refund, rows);
  const body = refund
    ? `Hi ${d.name}, your booking is cancelled and your seat released. ${refundSentence(d, refund)}`
    : `Hi ${d.name}, your booking is cancelled and your seat released. Under the cancellation policy no refund is due.`;
  return {
    subject: `Booking cancelled: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Your booking is cancelled', rows, [esc(body)]),
    ...cancelInvite(d),
  };
}

/** Where the money goes: back to the card or PayPal account, or, paid outside the site, back the way it came. */
function refundSentence(d: RegistrationEmailData, refund: number): string {
  // Paid outside the site, maybe by someone else (a seat handed on keeps its payer): it goes back to whoever paid, the way they paid.
  if (d.byHand === 'offline') return `${formatCents(refund)} paid outside the site is being returned the way it was paid; we will be in touch to arrange it.`;
  return `${formatCents(refund)} is being refunded to your original payment method; it can take 5-7 business days to appear.`;
}

/** The organiser called the workshop off: everything paid goes back, with no fee, and the event leaves the buyer's calendar. */
function workshopCancelledEmail(d: RegistrationEmailData & { details?: Record<string, string> }, refund: number, rows: [string, string][]): EmailContent {
  const reason = d.details?.Reason ? ` ${d.details.Reason}` : '';
  const sorry = `Hi ${d.name}, we are sorry: ${d.workshopTitle} on ${formatEventDate(d.workshopDate)} has been cancelled by the organiser.${reason}`;
  const money = refund
    ? d.byHand === 'offline'
      ? `${formatCents(refund)} paid outside the site is being returned in full, with no fee, the way it was paid; we will be in touch to arrange it.`
      : `${formatCents(refund)} is being refunded in full to your original payment method, with no fee; it can take 5-7 business days to appear.`
    : 'Nothing was charged for your seat, so there is nothing to refund.';
  const after = 'Reply to this email if you would like a seat in a later workshop.';
  return {
    subject: `Workshop cancelled: ${d.workshopTitle}`,
    text: [sorry, '', money, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', after].join('\n'),
    html: layout('Workshop cancelled', rows, [esc(sorry), esc(money), esc(after)]),
    ...cancelInvite(d),
  };
}

function joinLines(d: RegistrationEmailData): [string, string][] {
  const j = d.join;
  if (!j) return [];
  const rows: [string, string][] = [];
  if (j.url) rows.push(['Join link', j.url]);
  if (j.passcode) rows.push(['Passcode', j.passcode]);
  if (j.materials_url) rows.push(['Materials', j.materials_url]);
  return rows;
}

export function reminderEmail(d: RegistrationEmailData, hours: 24 | 1): EmailContent {
  const rows: [string, string][] = [['Workshop', d.workshopTitle], ['Starts', formatEventDate(d.workshopDate)], ...joinLines(d), ['Access ID', d.accessId]];
  const body = hours === 24 ? `Hi ${d.name}, your workshop starts in 24 hours. Here is how to join.` : `Hi ${d.name}, your workshop starts in one hour. See you there!`;
  const tip = 'Use a computer with a stable connection (5 Mbps or better) and join a few minutes early.';
  return {
    subject: hours === 24 ? `Tomorrow: ${d.workshopTitle}` : `Starting in 1 hour: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', tip].join('\n'),
    html: layout(hours === 24 ? 'Your workshop is tomorrow' : 'Starting in one hour', rows, [esc(body), esc(tip)]),
  };
}

export function workshopUpdatedEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const rows: [string, string][] = [['Workshop', d.workshopTitle], ['Starts', formatEventDate(d.workshopDate)], ['Access ID', d.accessId]];
  const body = `Hi ${d.name}, the details of your workshop have changed. The updated calendar invite is attached; the join link appears on your booking page 24 hours before the start.`;
  const until = d.details?.['Choice until'];
  // The date moved after they bought: both choices, as links to their booking page.
  const choice =
    until && d.bookingUrl
      ? {
          intro: `The date moved after you booked, so you can choose until ${formatEventDate(new Date(until))}: keep your seat, or cancel for a full refund.`,
          keep: d.bookingUrl,
          cancel: `${d.bookingUrl}?choice=cancel`,
        }
      : undefined;
  return {
    subject: `Updated: ${d.workshopTitle}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`), ...(choice ? ['', choice.intro, `Keep my seat: ${choice.keep}`, `Cancel for a full refund: ${choice.cancel}`] : [])].join('\n'),
    html: layout('Your workshop was updated', rows, [
      esc(body),
      ...(choice ? [esc(choice.intro), `<a href="${esc(choice.keep)}">Keep my seat</a> · <a href="${esc(choice.cancel)}">Cancel for a full refund</a>`] : []),
    ]),
    attachments: [invite(d)],
  };
}

export function attendeeMessageEmail(d: RegistrationEmailData): EmailContent {
  const m = d.message ?? { subject: d.workshopTitle, body: '' };
  return {
    subject: m.subject,
    text: [`Hi ${d.name},`, '', m.body, '', `${d.workshopTitle} · ${formatEventDate(d.workshopDate)}`].join('\n'),
    html: layout(m.subject, [['Workshop', d.workshopTitle], ['Starts', formatEventDate(d.workshopDate)]], [esc(`Hi ${d.name},`), ...m.body.split(/\n{2,}/).map((p) => esc(p).replace(/\n/g, '<br>'))]),
  };
}

export function adminActionEmail(title: string, body: string, rows: [string, string][]): EmailContent {
  return {
    subject: `Action needed: ${title}`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout(title, rows, [esc(body)]),
  };
}
