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

/** A forgotten password's reset link: single-use, for an hour; ignorable if not asked for. */
export function passwordResetEmail(d: RegistrationEmailData): EmailContent {
  const body = `Someone asked to reset the password of the admin account ${d.email}. The link below sets a new one; it works once, for 1 hour.`;
  const ignore = 'If you did not ask for this, ignore this email: your password stays as it is.';
  const url = d.resetUrl ?? `${d.publicBaseUrl}/admin/login`;
  return {
    subject: 'Reset your admin password',
    text: [body, '', url, '', ignore].join('\n'),
    html: layout('Reset your admin password', [['Account', d.email]], [esc(body), `<a href="${esc(url)}">Set a new password</a>`, esc(ignore)]),
  };
}
