import type { Knex } from 'knex';
import { readSetting } from '../settings/settings.queries';
import { type EmailData, type EmailSender, registrationEmailData } from './email.data';
import { queueSeatCancellations, seatData } from './email.invites';
import { queueEmail, queueInvite } from './email.outbox';
import type { LateRefundReason } from './email.templates';

export type { EmailSender } from './email.data';

export { type EmailKind, queueEmail, SEND_EMAIL_TASK } from './email.outbox';

const adminAddress = async (trx: Knex.Transaction) => (await readSetting(trx, 'email_notifications')).admin_email || undefined;

/** The buyer's confirmation (with their booking link and the order's first invite), and the admins' notice when that setting is on. */
export async function queueCompletedEmails(trx: Knex.Transaction, registrationId: string, sender: EmailSender, bookingUrl: string): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueInvite(trx, 'confirmation', data.email, { ...data, bookingUrl }, { registrationId }, 'REQUEST');
  const notify = await readSetting(trx, 'email_notifications');
  if (notify.enabled && notify.admin_email) await queueEmail(trx, registrationId, 'admin_notification', notify.admin_email, data);
}

/**
 * The buyer's refund notice and the admins' alert. Admins hear about every automatic refund
 * whenever an admin address is set, even with new-registration notices off: it is money going
 * back out, which they must know about.
 */
export async function queueRefundEmails(trx: Knex.Transaction, registrationId: string, sender: EmailSender, because: LateRefundReason = 'workshop_full'): Promise<void> {
  const data = { ...(await registrationEmailData(trx, registrationId, sender)), refundReason: because };
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
  alert: { registrationId: string | null; details: Record<string, string>; data?: EmailData; dedupeKey?: string },
): Promise<boolean> {
  const admin = await adminAddress(trx);
  if (!admin) return false;
  const live = alert.registrationId ? await trx('workshop_registrations').where({ id: alert.registrationId }).first('id') : undefined;
  const base = live ? await registrationEmailData(trx, live.id, sender) : alert.data;
  if (!base) return false;
  // The caller's amount stands (a refund alert names the refund, not the booking's price).
  // A refund or email alert is one per failure (its dedupe key), not one per booking.
  return queueEmail(trx, live ? live.id : null, kind, admin, { ...base, amount: alert.data?.amount ?? base.amount, details: { ...base.details, ...alert.details } }, { dedupeKey: alert.dedupeKey });
}

/**
 * The confirmation again, on the buyer's or an admin's request: a new row each time (the
 * booking link may be new), at most one waiting at once.
 */
export async function queueConfirmationResend(trx: Knex.Transaction, registrationId: string, sender: EmailSender, bookingUrl: string): Promise<boolean> {
  const waiting = await trx('email_messages').where({ registration_id: registrationId, kind: 'confirmation_resend', status: 'queued' }).first('id');
  if (waiting) return false;
  const data = await registrationEmailData(trx, registrationId, sender);
  return queueInvite(trx, 'confirmation_resend', data.email, { ...data, bookingUrl }, { registrationId }, 'REQUEST');
}

/**
 * The booking ended (the buyer's cancel, an admin's cancel or refund, the organiser calling the
 * workshop off, with `organiser`'s reason): the buyer's notice carries
 * the CANCEL of the order's event, and each attendee with an event of their own gets theirs.
 */
export async function queueCancellationEmail(trx: Knex.Transaction, registrationId: string, sender: EmailSender, refundCents: number, organiser?: { reason: string }): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  const why: Record<string, string> = organiser ? { 'Cancelled by': 'organiser', Reason: organiser.reason } : {};
  await queueInvite(trx, 'cancellation_notice', data.email, { ...data, details: { 'Refund cents': String(refundCents), ...why } }, { registrationId }, 'CANCEL');
  await queueSeatCancellations(trx, data);
}

/** A goodwill refund of a booking that goes on: the buyer hears what goes back, once per refund (`key`). */
export async function queueGoodwillEmail(trx: Knex.Transaction, registrationId: string, sender: EmailSender, refundCents: number, key: string): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  await queueEmail(trx, registrationId, 'goodwill_refund', data.email, { ...data, details: { 'Refund cents': String(refundCents) } }, { dedupeKey: key });
}

/** A named attendee's own confirmation: their seat, their booking link, their calendar event. Once per attendee and link. */
export async function queueAttendeeConfirmation(
  trx: Knex.Transaction,
  registrationId: string,
  attendee: { id: string; name: string; email: string },
  sender: EmailSender,
  bookingUrl: string,
  linkVersion: string,
): Promise<boolean> {
  const order = await registrationEmailData(trx, registrationId, sender);
  const data: EmailData = { ...seatData(order, attendee), bookingUrl };
  return queueInvite(trx, 'attendee_confirmation', attendee.email, data, { registrationId, attendeeId: attendee.id }, 'REQUEST', { dedupeKey: `attendee_confirmation:${attendee.id}:${linkVersion}` });
}

/** Some seats of an order were cancelled: the buyer hears what was given back; those seats' own attendees get their event's CANCEL. */
export async function queueSeatsCancelledEmail(trx: Knex.Transaction, registrationId: string, sender: EmailSender, seats: number[], refundCents: number, key: string): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  const which = seats.length === 1 ? `seat ${seats[0]}` : `seats ${seats.join(', ')}`;
  await queueEmail(trx, registrationId, 'seat_cancelled', data.email, { ...data, details: { 'Refund cents': String(refundCents), Seats: which } }, { dedupeKey: `seat_cancelled:${key}` });
  const cancelled: { id: string }[] = await trx('attendees').where({ registration_id: registrationId, status: 'cancelled' }).whereIn('position', seats).select('id');
  await queueSeatCancellations(trx, data, cancelled.map((a) => a.id));
}
