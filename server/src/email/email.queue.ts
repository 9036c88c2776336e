import type { Knex } from 'knex';
import { readSetting } from '../settings/settings.queries';
import { adminNotificationEmail, adminRefundEmail, adminRefundFailedEmail, confirmationEmail, duplicateRefundEmail, type EmailContent, refundNoticeEmail, type RegistrationEmailData } from './email.templates';

export const SEND_EMAIL_TASK = 'send_email';
/** With graphile-worker's backoff (e^attempt seconds, capped at e^10) this keeps retrying for about five days. */
const MAX_ATTEMPTS = 30;

export type EmailKind = 'confirmation' | 'admin_notification' | 'refund_notice' | 'admin_refund_notice' | 'duplicate_refund_notice' | 'admin_refund_failed';

export interface EmailSender {
  publicBaseUrl: string;
  from: { email: string; name: string };
}

/**
 * Records one email and queues its job in the caller's transaction: it is sent only if the
 * payment's state change commits, and at most once per (registration, kind).
 */
async function queueEmail(trx: Knex.Transaction, registrationId: string, kind: EmailKind, to: string, content: EmailContent): Promise<boolean> {
  const [row] = await trx('email_messages')
    .insert({ registration_id: registrationId, kind, to_email: to, subject: content.subject, content: JSON.stringify(content) })
    .onConflict(['registration_id', 'kind'])
    .ignore()
    .returning('id');
  if (!row) return false;
  await trx.raw(`SELECT graphile_worker.add_job(?, json_build_object('email_id', ?::text), max_attempts => ?, job_key => ?)`, [SEND_EMAIL_TASK, row.id, MAX_ATTEMPTS, `email:${row.id}`]);
  return true;
}

async function loadEmailData(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<RegistrationEmailData & { phone: string }> {
  const r = await trx('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .where('r.id', registrationId)
    .first('r.id', 'r.name', 'r.email', 'r.phone', 'r.access_id', 'r.amount', 'r.payment_method', 'w.title', 'w.date');
  if (!r) throw new Error(`registration ${registrationId} not found`);
  return {
    registrationId: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    accessId: r.access_id,
    workshopTitle: r.title,
    workshopDate: new Date(r.date),
    amount: r.amount,
    paymentMethod: r.payment_method,
    publicBaseUrl: sender.publicBaseUrl,
    from: sender.from,
  };
}

/** The buyer's confirmation, and the admins' notice when that setting is on. */
export async function queueCompletedEmails(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<void> {
  const data = await loadEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'confirmation', data.email, confirmationEmail(data));
  const notify = await readSetting(trx, 'email_notifications');
  if (notify.enabled && notify.admin_email) await queueEmail(trx, registrationId, 'admin_notification', notify.admin_email, adminNotificationEmail(data));
}

/**
 * The buyer's refund notice and the admins' alert. Admins hear about every automatic
 * refund whenever an admin address is set, even with new-registration notices off:
 * it is money going back out, which they must know about.
 */
export async function queueRefundEmails(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<void> {
  const data = await loadEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'refund_notice', data.email, refundNoticeEmail(data));
  const notify = await readSetting(trx, 'email_notifications');
  if (notify.admin_email) await queueEmail(trx, registrationId, 'admin_refund_notice', notify.admin_email, adminRefundEmail(data));
}

/** The buyer paid twice for one seat: the extra payment went back. Once per registration. */
export async function queueDuplicateRefundEmail(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<void> {
  const data = await loadEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'duplicate_refund_notice', data.email, duplicateRefundEmail(data));
}

/** The provider refused a refund on every attempt: the admins must refund it by hand. Sent when an admin address is set. */
export async function queueRefundFailedAlert(
  trx: Knex.Transaction,
  registrationId: string,
  sender: EmailSender,
  failure: { paymentId: string; attempts: number; error: string },
): Promise<void> {
  const notify = await readSetting(trx, 'email_notifications');
  if (!notify.admin_email) return;
  const data = await loadEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'admin_refund_failed', notify.admin_email, adminRefundFailedEmail(data, failure));
}
