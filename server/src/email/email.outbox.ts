import type { Knex } from 'knex';
import type { EmailData } from './email.data';
import type { InviteRef } from './email.ics';

export const SEND_EMAIL_TASK = 'send_email';
/** With graphile-worker's backoff (e^attempt seconds, capped at e^10) this keeps retrying for about five days. */
const MAX_ATTEMPTS = 30;

export type EmailKind =
  | 'admin_password_changed'
  | 'admin_sign_in_changed'
  | 'admin_password_reset'
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
  | 'waitlist_offer'
  | 'waitlist_joined'
  | 'waitlist_cancelled'
  | 'goodwill_refund'
  | 'booking_transferred'
  | 'attendee_confirmation'
  | 'attendee_reminder_24h'
  | 'attendee_reminder_1h'
  | 'seat_cancelled'
  | 'attendee_cancelled'
  | 'credit_note'
  | 'after_workshop'
  | 'privacy_confirm';

/** Emails to the admins about a failure: one of them failing is logged, never alerted about again (no loop). */
export const ADMIN_ALERTS: ReadonlySet<EmailKind> = new Set<EmailKind>(['admin_refund_failed', 'admin_email_failed', 'admin_reconcile_stuck']);

export interface QueueOptions {
  dedupeKey?: string;
  messageId?: string;
  attendeeId?: string;
}

/**
 * Records one email with the data it is built from and queues its job in the caller's
 * transaction: it is sent only if the state change commits, and at most once per
 * (registration, kind). Nothing is built here, so nothing here can fail on odd data.
 */
export async function queueEmail(trx: Knex.Transaction, registrationId: string | null, kind: EmailKind, to: string, data: EmailData, opts: QueueOptions = {}): Promise<boolean> {
  // Any unique key that already has this email (one per registration and kind, or the email's own dedupe key) means it is queued already.
  const inserted = await trx.raw(
    `INSERT INTO email_messages (registration_id, kind, to_email, data, dedupe_key, message_id, attendee_id) VALUES (?, ?, ?, ?::jsonb, ?, ?, ?)
     ON CONFLICT DO NOTHING RETURNING id`,
    [registrationId, kind, to, JSON.stringify(data), opts.dedupeKey ?? null, opts.messageId ?? null, opts.attendeeId ?? null],
  );
  const row = inserted.rows[0] as { id: string } | undefined;
  if (!row) return false;
  await trx.raw(`SELECT graphile_worker.add_job(?, json_build_object('email_id', ?::text), max_attempts => ?, job_key => ?)`, [SEND_EMAIL_TASK, row.id, MAX_ATTEMPTS, `email:${row.id}`]);
  return true;
}

/** Whose calendar event an invite is: the order's (the buyer's), or one attendee seat's. */
export type InviteTarget = { registrationId: string; attendeeId?: string };

const counter = (t: InviteTarget) => (t.attendeeId ? { table: 'attendees', id: t.attendeeId } : { table: 'workshop_registrations', id: t.registrationId });

/**
 * Queues an email carrying an invite for the target's event, with that UID's next SEQUENCE. The
 * count is raised in the caller's transaction, so its row stays locked until the email commits:
 * two invites for one UID never get the same SEQUENCE, and a later one always a higher one, in
 * whatever order the worker sends them. An email already queued (deduplicated) takes none.
 */
export async function queueInvite(
  trx: Knex.Transaction,
  kind: EmailKind,
  to: string,
  data: EmailData,
  target: InviteTarget,
  method: InviteRef['method'],
  opts: QueueOptions = {},
): Promise<boolean> {
  const { table, id } = counter(target);
  const [row] = await trx(table).where({ id }).increment('calendar_sequence', 1).returning('calendar_sequence');
  if (!row) throw new Error(`no ${table} row ${id} for a calendar invite`);
  const calendar: InviteRef = { id, sequence: row.calendar_sequence - 1, method };
  const queued = await queueEmail(trx, target.registrationId, kind, to, { ...data, calendar }, { ...opts, attendeeId: target.attendeeId ?? opts.attendeeId });
  if (!queued) await trx(table).where({ id }).decrement('calendar_sequence', 1);
  return queued;
}

/** The SEQUENCE of the last invite queued for an event (0 before any): what the booking page's .ics carries. */
export const currentSequence = (calendarSequence: number) => Math.max(calendarSequence - 1, 0);
