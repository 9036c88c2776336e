import { type EmailContent, esc, layout } from './email.templates';
import type { RegistrationEmailData } from './email.templates';

/** A notice to an admin about their own account: what happened, what to do if it was not them. */
function accountNotice(d: RegistrationEmailData, subject: string, body: string, warn: string): EmailContent {
  const rows: [string, string][] = [
    ['Account', d.email],
    ['Admin', `${d.publicBaseUrl}/admin`],
  ];
  return {
    subject,
    text: [body, '', warn, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout(subject, rows, [esc(body), esc(warn)]),
  };
}

/** An admin's password changed: if it was not them, they must act at once (issue 24). */
export function passwordChangedEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const when = d.details?.Changed ?? '';
  const body = `The password of your admin account ${d.email} was changed${when ? ` on ${when}` : ''}. Every other session of yours was signed out.`;
  return accountNotice(d, 'Your admin password was changed', body, 'If this was not you, reset your password from the admin sign-in page at once and tell the other owners.');
}

/** A forgotten password's reset link: single-use, for an hour; ignorable if not asked for. */
export function passwordResetEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  // An owner reset this admin's two-factor sign-in: the old password no longer works either.
  const byOwner = d.details?.Why === 'two_factor_reset';
  const body = byOwner
    ? `An owner reset the two-factor sign-in of the admin account ${d.email}, and its password no longer works. The link below sets a new one; it works once, for 1 hour (after that, use "Forgot password?" on the admin sign-in page). Then set up two-factor sign-in again.`
    : `Someone asked to reset the password of the admin account ${d.email}. The link below sets a new one; it works once, for 1 hour.`;
  const ignore = byOwner ? 'If you did not expect this, tell the other owners at once.' : 'If you did not ask for this, ignore this email: your password stays as it is.';
  const url = d.resetUrl ?? `${d.publicBaseUrl}/admin/login`;
  return {
    subject: 'Reset your admin password',
    text: [body, '', url, '', ignore].join('\n'),
    html: layout('Reset your admin password', [['Account', d.email]], [esc(body), `<a href="${esc(url)}">Set a new password</a>`, esc(ignore)]),
  };
}

/** What was added or taken away, as the admin reads it (the change's code is in `details.Change`). */
const SIGN_IN_CHANGES: Record<string, (name: string) => string> = {
  app_on: () => 'An authenticator app was set up for two-factor sign-in',
  app_off: () => 'Two-factor sign-in with an authenticator app was turned off',
  passkey_added: (name) => `A passkey${name ? ` ("${name}")` : ''} was added`,
  passkey_removed: (name) => `A passkey${name ? ` ("${name}")` : ''} was removed`,
};

/** A way to sign in as this admin was added or taken away (OWASP ASVS 2.2.3): if it was not them, they act at once. */
export function signInChangedEmail(d: RegistrationEmailData & { details?: Record<string, string> }): EmailContent {
  const what = (SIGN_IN_CHANGES[d.details?.Change ?? ''] ?? (() => 'How you sign in was changed'))(d.details?.Passkey ?? '');
  const when = d.details?.Changed ?? '';
  const body = `${what} on your admin account ${d.email}${when ? ` on ${when}` : ''}.`;
  return accountNotice(d, 'How you sign in to the admin changed', body, 'If this was not you, reset your password from the admin sign-in page at once and ask an owner to reset your two-factor sign-in.');
}
