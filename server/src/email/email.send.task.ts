import { errorText } from '../http/error-text';
import type { MailService } from '@sendgrid/mail';
import type { Task } from 'graphile-worker';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { type EmailData, withoutSecrets } from './email.data';
import { type EmailKind, type EmailSender, queueAdminAlert } from './email.queue';
import { ADMIN_ALERTS } from './email.outbox';
import { renderEmail } from './email.render';
import { emailAttachments } from './email.attachments';
import type { EmailContent } from './email.templates';
import { ERASED_NOT_SENT, isErasedAddress } from './erased-address';

/** Booking, follow-up, waitlist, join, after-workshop and privacy links (with the meeting's passcode) are secrets: once an email is done with (sent or given up on) they are not kept here. */
const SCRUB_SECRETS = `data - 'bookingUrl' - 'recoveryUrl' - 'unsubscribeUrl' - 'waitlist' - 'waitlistPlace' - 'resetUrl' - 'join' - 'afterWorkshop' - 'privacy'`;

/**
 * Builds, then sends, one queued email. An email that cannot be built is recorded as failed
 * and reported to the admins, and never retried (building it again would fail again); a send
 * that fails throws, so graphile-worker retries it with backoff. Our own row says whether it
 * went out, so a job that runs twice does not send twice in the common case.
 */
export function sendEmailTask(d: { db: Db; mailer: MailService; sender: EmailSender; logger: Logger }): Task {
  return async (payload, helpers) => {
    const emailId = (payload as { email_id?: string })?.email_id;
    if (!emailId) return;
    const msg = await d.db('email_messages').where({ id: emailId }).first();
    if (!msg || msg.status !== 'queued') return;
    // Queued after the person's data was erased (a refund notice of an old booking): nobody to send it to.
    if (isErasedAddress(msg.to_email)) {
      await d.db('email_messages').where({ id: emailId, status: 'queued' }).update({ status: 'failed', last_error: ERASED_NOT_SENT, data: null, content: null });
      return;
    }
    let content: EmailContent;
    try {
      content = (msg.content as EmailContent | null) ?? renderEmail(msg.kind as EmailKind, msg.data as EmailData);
    } catch (err) {
      const error = errorText(err, 500);
      d.logger.error({ emailId, kind: msg.kind, err: error }, 'email could not be built: recorded as failed');
      await d.db.transaction(async (trx) => {
        await trx('email_messages').where({ id: emailId }).update({ status: 'failed', last_error: `could not build: ${error}`, data: trx.raw(SCRUB_SECRETS) });
        if (!ADMIN_ALERTS.has(msg.kind)) {
          await queueAdminAlert(trx, 'admin_email_failed', d.sender, { registrationId: msg.registration_id, data: withoutSecrets(msg.data as EmailData), details: { 'Email kind': msg.kind, Error: error }, dedupeKey: `email_failed:${emailId}` });
        }
      });
      return;
    }
    await d.db('email_messages').where({ id: emailId }).update({ subject: content.subject, attempts: d.db.raw('attempts + 1') });
    const attachments = [...(content.attachments ?? []), ...(await emailAttachments.of(d.db, msg, d.logger))];
    try {
      // Our id travels with it: SendGrid's events about it (a bounce) name it (email/email-events.ts).
      const customArgs = { email_message_id: emailId };
      const [res] = await d.mailer.send({ to: msg.to_email, from: d.sender.from, subject: content.subject, text: content.text, html: content.html, attachments: attachments.length ? attachments : undefined, customArgs });
      const messageId = (res.headers as Record<string, string | undefined>)['x-message-id'] ?? null;
      await d.db('email_messages')
        .where({ id: emailId })
        .update({ status: 'sent', sent_at: d.db.fn.now(), provider_message_id: messageId, last_error: null, data: d.db.raw(SCRUB_SECRETS) });
    } catch (err) {
      const message = errorText(err, 500);
      const last = helpers.job.attempts >= helpers.job.max_attempts;
      await d.db.transaction(async (trx) => {
        await trx('email_messages').where({ id: emailId }).update({ last_error: message, ...(last ? { status: 'failed', data: trx.raw(SCRUB_SECRETS) } : {}) });
        // The provider refused it on every attempt: someone must reach this person another way.
        if (last && !ADMIN_ALERTS.has(msg.kind)) {
          await queueAdminAlert(trx, 'admin_email_failed', d.sender, { registrationId: msg.registration_id, data: withoutSecrets(msg.data as EmailData), details: { 'Email kind': msg.kind, Error: errorText(err) }, dedupeKey: `email_failed:${emailId}` });
        }
      });
      if (last) d.logger.error({ emailId, err: message }, 'email send failed for the last time: the admins are told');
      else d.logger.warn({ emailId, err: message }, 'email send failed; will retry');
      throw err;
    }
  };
}
