import { FEEDBACK_EDIT_DAYS, formatEventDate, RECORDING_LINK_DAYS } from '@workshop/shared';
import { type EmailContent, esc, layout, type RegistrationEmailData } from './email.templates';

/** The seat's own links after the workshop (secret, scrubbed from storage once sent); a certificate only for those who attended. */
export interface AfterWorkshopLinks {
  recordingUrl: string;
  feedbackUrl: string;
  certificateUrl: string | null;
}

const link = (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`;

/** "Thank you for attending" (issue 26, point 5): the recording, one question, and a certificate for those who came. */
export function afterWorkshopEmail(d: RegistrationEmailData & { afterWorkshop?: AfterWorkshopLinks }): EmailContent {
  const a = d.afterWorkshop;
  if (!a) throw new Error('after_workshop email without its links');
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
  ];
  const hello = `Hi ${d.name}, thank you for attending ${d.workshopTitle}.`;
  const recording = `Watch the recording for the next ${RECORDING_LINK_DAYS} days:`;
  const feedback = `How was it? One question, a minute of your time (you can change your answer for ${FEEDBACK_EDIT_DAYS} days):`;
  const certificate = 'Your certificate of completion:';
  const text = [hello, '', recording, a.recordingUrl, '', feedback, a.feedbackUrl, ...(a.certificateUrl ? ['', certificate, a.certificateUrl] : []), '', ...rows.map(([k, v]) => `${k}: ${v}`)];
  const html = [
    esc(hello),
    `${esc(recording)} ${link(a.recordingUrl, 'Watch the recording')}`,
    `${esc(feedback)} ${link(a.feedbackUrl, 'Rate the workshop')}`,
    ...(a.certificateUrl ? [`${esc(certificate)} ${link(a.certificateUrl, 'View your certificate')}`] : []),
  ];
  return { subject: `Thank you for attending: ${d.workshopTitle}`, text: text.join('\n'), html: layout('Thank you for attending', rows, html) };
}
