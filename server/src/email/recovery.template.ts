import { formatCents, formatEventDate } from '@workshop/shared';
import { esc, layout, type EmailContent, type RegistrationEmailData } from './email.templates';

/** The one follow-up after an abandoned checkout: the seat is still there, one click reopens the form. */
export function recoveryEmail(d: RegistrationEmailData): EmailContent {
  if (!d.recoveryUrl || !d.unsubscribeUrl) throw new Error('a recovery email needs its links');
  const rows: [string, string][] = [
    ['Workshop', d.workshopTitle],
    ['Date', formatEventDate(d.workshopDate)],
    ['Price', formatCents(d.amount)],
  ];
  const intro = `Hi ${d.name}, you started registering for ${d.workshopTitle} but did not finish, and no payment was taken. Seats are still available.`;
  const finish = 'Finish your registration: the form opens with your details filled in.';
  const stop = 'Not interested? Stop these reminders';
  return {
    subject: `Your seat in ${d.workshopTitle} is still available`,
    text: [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${finish} ${d.recoveryUrl}`, '', `This is the only reminder we send for this workshop. ${stop}: ${d.unsubscribeUrl}`].join('\n'),
    html: layout('Your seat is still available', rows, [
      esc(intro),
      `<a href="${esc(d.recoveryUrl)}" style="display:inline-block;background:#5b4bf5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Finish your registration</a>`,
      `This is the only reminder we send for this workshop. <a href="${esc(d.unsubscribeUrl)}">${esc(stop)}</a>.`,
    ]),
  };
}
