import type { Knex } from 'knex';
import { readSetting } from '../settings/settings.queries';
import { type EmailData, type EmailSender, registrationEmailData } from './email.data';

export type { EmailSender } from './email.data';

export const SEND_EMAIL_TASK = 'send_email';
/** With graphile-worker's backoff (e^attempt seconds, capped at e^10) this keeps retrying for about five days. */
const MAX_ATTEMPTS = 30;

export type EmailKind =
  | 'confirmation'
  | 'reminder_24h'
  | 'reminder_1h'
  | 'workshop_updated'
  | 'attendee_message'
  | 'confirmation_resend'
  | 'cancellation_notice'
  | 'admin_notification'
  | 'refund_notice'
  | 'admin_refund_notice'
  | 'duplicate_refund_notice'
  | 'admin_refund_failed'
  | 'admin_email_failed'
  | 'admin_reconcile_stuck'
  | 'checkout_recovery'
  | 'waitlist_offer';

/**
 * Records one email with the data it is built from and queues its job in the caller's
 * transaction: it is sent only if the state change commits, and at most once per
 * (registration, kind). Nothing is built here, so nothing here can fail on odd data.
 */
export async function queueEmail(
  trx: Knex.Transaction,
  registrationId: string | null,
  kind: EmailKind,
  to: string,
  data: EmailData,
  opts: { dedupeKey?: string; messageId?: string } = {},
): Promise<boolean> {
  // Any unique key that already has this email (one per registration and kind, or the email's own dedupe key) means it is queued already.
  const inserted = await trx.raw(
    `INSERT INTO email_messages (registration_id, kind, to_email, data, dedupe_key, message_id) VALUES (?, ?, ?, ?::jsonb, ?, ?)
     ON CONFLICT DO NOTHING RETURNING id`,
    [registrationId, kind, to, JSON.stringify(data), opts.dedupeKey ?? null, opts.messageId ?? null],
  );
  const row = inserted.rows[0] as { id: string } | undefined;
  if (!row) return false;
  await trx.raw(`SELECT graphile_worker.add_job(?, json_build_object('email_id', ?::text), max_attempts => ?, job_key => ?)`, [SEND_EMAIL_TASK, row.id, MAX_ATTEMPTS, `email:${row.id}`]);
  return true;
}

const adminAddress = async (trx: Knex.Transaction) => (await readSetting(trx, 'email_notifications')).admin_email || undefined;

/** The buyer's confirmation (with their booking link), and the admins' notice when that setting is on. */
export async function queueCompletedEmails(trx: Knex.Transaction, registrationId: string, sender: EmailSender, bookingUrl: string): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'confirmation', data.email, { ...data, bookingUrl });
  const notify = await readSetting(trx, 'email_notifications');
  if (notify.enabled && notify.admin_email) await queueEmail(trx, registrationId, 'admin_notification', notify.admin_email, data);
}

/**
 * The buyer's refund notice and the admins' alert. Admins hear about every automatic refund
 * whenever an admin address is set, even with new-registration notices off: it is money going
 * back out, which they must know about.
 */
export async function queueRefundEmails(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'refund_notice', data.email, data);
  const admin = await adminAddress(trx);
  if (admin) await queueEmail(trx, registrationId, 'admin_refund_notice', admin, data);
}

/** The buyer paid twice for one seat: the extra payment went back. Once per registration. */
export async function queueDuplicateRefundEmail(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'duplicate_refund_notice', data.email, data);
}

/**
 * Something the server gave up on, for the admin address (when one is set): a refund the
 * provider kept refusing, an email that could not be built, a checkout that would not settle.
 * Built from the registration, or from `data` when there is none (or it was cleared).
 */
export async function queueAdminAlert(
  trx: Knex.Transaction,
  kind: 'admin_refund_failed' | 'admin_email_failed' | 'admin_reconcile_stuck',
  sender: EmailSender,
  alert: { registrationId: string | null; details: Record<string, string>; data?: EmailData },
): Promise<boolean> {
  const admin = await adminAddress(trx);
  if (!admin) return false;
  const live = alert.registrationId ? await trx('workshop_registrations').where({ id: alert.registrationId }).first('id') : undefined;
  const base = live ? await registrationEmailData(trx, live.id, sender) : alert.data;
  if (!base) return false;
  return queueEmail(trx, live ? live.id : null, kind, admin, { ...base, details: { ...base.details, ...alert.details } });
}

/**
 * The confirmation again, on the buyer's or an admin's request: a new row each time (the
 * booking link may be new), at most one waiting at once.
 */
export async function queueConfirmationResend(trx: Knex.Transaction, registrationId: string, sender: EmailSender, bookingUrl: string): Promise<boolean> {
  const waiting = await trx('email_messages').where({ registration_id: registrationId, kind: 'confirmation_resend', status: 'queued' }).first('id');
  if (waiting) return false;
  const data = await registrationEmailData(trx, registrationId, sender);
  return queueEmail(trx, registrationId, 'confirmation_resend', data.email, { ...data, bookingUrl });
}

export async function queueCancellationEmail(trx: Knex.Transaction, registrationId: string, sender: EmailSender, refundCents: number): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'cancellation_notice', data.email, { ...data, details: { 'Refund cents': String(refundCents) } });
}
