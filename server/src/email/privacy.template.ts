import { PRIVACY_LINK_HOURS } from '@workshop/shared';
import { type EmailContent, esc, layout } from './email.templates';

/** A privacy request's confirmation link (secret: scrubbed from storage once sent). */
export interface PrivacyConfirmation {
  confirmUrl: string;
  kind: 'export' | 'erasure';
}

/** "Confirm your request": only the inbox of the address asked about can confirm it (issue 27, point 2). */
export function privacyConfirmEmail(d: { privacy?: PrivacyConfirmation }): EmailContent {
  if (!d.privacy) throw new Error('privacy_confirm email without its link');
  const what = d.privacy.kind === 'export' ? 'a copy of the data we hold about this email address' : 'the erasure of the data we hold about this email address';
  const body = `Someone, hopefully you, asked for ${what}. To confirm, open this link within ${PRIVACY_LINK_HOURS} hours:`;
  const ignore = 'If you did not ask, ignore this email: nothing happens without the link.';
  return {
    subject: 'Confirm your data request',
    text: [body, d.privacy.confirmUrl, '', ignore].join('\n'),
    html: layout('Confirm your data request', [], [esc(body), `<a href="${esc(d.privacy.confirmUrl)}">Confirm the request</a>`, esc(ignore)]),
  };
}
