import { type EmailContent, esc, layout } from './email.templates';
import type { RegistrationEmailData } from './email.templates';

/** An admin's password changed: if it was not them, they must act at once (issue 24). */
export function passwordChangedEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const when = d.details?.Changed ?? '';
  const body = `The password of your admin account ${d.email} was changed${when ? ` on ${when}` : ''}. Every other session of yours was signed out.`;
  const warn = 'If this was not you, reset your password from the admin sign-in page at once and tell the other owners.';
  const rows: [string, string][] = [
    ['Account', d.email],
    ['Admin', `${d.publicBaseUrl}/admin`],
  ];
  return {
    subject: 'Your admin password was changed',
    text: [body, '', warn, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout('Your admin password was changed', rows, [esc(body), esc(warn)]),
  };
}
