import { formatCents, formatEventDate } from '@workshop/shared';
import { workshopInvite } from './email.ics';

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
  publicBaseUrl: string;
  from: { email: string; name: string };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function layout(title: string, rows: [string, string][], paragraphs: string[]): string {
  const table = rows.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${esc(k)}</td><td style="padding:4px 0;font-weight:600">${esc(v)}</td></tr>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${esc(title)}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}
<table style="border-collapse:collapse;margin:16px 0">${table}</table></body></html>`;
}

export function confirmationEmail(d: RegistrationEmailData): EmailContent {
  const date = formatEventDate(d.workshopDate);
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', date],
    ['Access ID', d.accessId],
    ['Amount paid', formatCents(d.amount)],
  ];
  const intro = `Hi ${d.name}, your seat is confirmed. Thank you for registering!`;
  const next = 'The workshop link and materials will be sent to this address before the session. If you do not see our emails, check your junk/spam folder.';
  const ics = workshopInvite({
    uid: `${d.registrationId}@nocode-workshop`,
    title: d.workshopTitle,
    description: `Access ID: ${d.accessId}\n${d.publicBaseUrl}`,
    start: d.workshopDate,
    organizerEmail: d.from.email,
    organizerName: d.from.name,
    attendeeName: d.name,
    attendeeEmail: d.email,
  });
  return {
    subject: `You're registered: ${d.workshopTitle}`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', next, '', `Keep your Access ID: you will need it to join.`, d.publicBaseUrl].join('\n'),
    html: layout("You're registered!", rows, [esc(intro), esc(next), 'Keep your Access ID: you will need it to join.']),
    attachments: [{ filename: 'workshop.ics', type: 'text/calendar; method=REQUEST', content: Buffer.from(ics).toString('base64'), disposition: 'attachment' }],
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

export function refundNoticeEmail(d: RegistrationEmailData): EmailContent {
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Refunded', formatCents(d.amount)],
    ['Reference', d.accessId],
  ];
  const body = `Hi ${d.name}, your payment arrived after the workshop had filled up, so we could not give you a seat. We have refunded the full amount to your original payment method; it can take 5-7 business days to appear.`;
  return {
    subject: `Refund issued: ${d.workshopTitle} is full`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', 'Reply to this email if you would like a seat in a later workshop.'].join('\n'),
    html: layout('Your payment was refunded', rows, [esc(body), 'Reply to this email if you would like a seat in a later workshop.']),
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
  const body = 'A payment arrived after its seat hold had expired and the workshop was full. It was refunded automatically and the buyer was told.';
  return {
    subject: `Refunded late payment: ${d.name} (${d.workshopTitle} full)`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Late payment refunded', rows, [esc(body)]),
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

export function adminRefundFailedEmail(d: RegistrationEmailData, failure: { paymentId: string; attempts: number; error: string }): EmailContent {
  const rows: [string, string][] = [
    ['Name', d.name],
    ['Email', d.email],
    ['Workshop', d.workshopTitle],
    ['Access ID', d.accessId],
    ['Amount', formatCents(d.amount)],
    ['Paid with', d.paymentMethod ?? ''],
    ['Payment ID', failure.paymentId],
    ['Attempts', String(failure.attempts)],
    ['Last error', failure.error],
  ];
  const body = 'The automatic refund of this payment failed every time it was tried, and the server has stopped trying. Refund it from the payment provider\'s dashboard and let the buyer know.';
  return {
    subject: `Action needed: refund failed for ${d.name} (${formatCents(d.amount)})`,
    text: [body, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Refund failed: refund it by hand', rows, [esc(body)]),
  };
}
