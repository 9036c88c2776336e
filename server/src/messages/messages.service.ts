import type { AttendeeMessage, AttendeeMessageInput } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { registrationEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { NotFoundError } from '../http/errors';

async function loadMessages(db: Db | Knex.Transaction, workshopId: string, messageId?: string): Promise<AttendeeMessage[]> {
  const q = db('attendee_messages as m').leftJoin('users as u', 'u.id', 'm.sent_by').where('m.workshop_id', workshopId).orderBy('m.created_at', 'desc');
  if (messageId) q.where('m.id', messageId);
  const messages = await q.select('m.id', 'm.workshop_id', 'm.subject', 'm.body', 'u.email as sent_by', 'm.created_at');
  if (!messages.length) return [];
  const recipients = await db('email_messages')
    .whereIn('message_id', messages.map((m) => m.id))
    .orderBy('to_email')
    .select('message_id', 'registration_id', 'to_email', 'status', 'last_error', 'sent_at');
  return messages.map((m) => ({
    ...m,
    created_at: new Date(m.created_at).toISOString(),
    recipients: recipients
      .filter((r) => r.message_id === m.id)
      .map((r) => ({ registration_id: r.registration_id, to_email: r.to_email, status: r.status, last_error: r.last_error, sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null })),
  }));
}

export const listMessages = (db: Db, workshopId: string) => loadMessages(db, workshopId);

/**
 * One message to everyone who holds a completed booking now (buyers, and every attendee of a team
 * booking with a link of their own), through the email queue: one email per recipient (keyed by
 * message and registration or seat, so a retried job never sends twice), and a
 * retried request with the same idempotency key sends nothing new.
 */
export async function sendToAttendees(db: Db, sender: EmailSender, workshopId: string, input: AttendeeMessageInput, sentBy: string | undefined): Promise<AttendeeMessage> {
  return db.transaction(async (trx) => {
    const workshop = await trx('workshops').where({ id: workshopId }).first('id');
    if (!workshop) throw new NotFoundError('Workshop not found');
    if (input.idempotency_key) {
      const prior = await trx('attendee_messages').where({ idempotency_key: input.idempotency_key, workshop_id: workshopId }).first('id');
      if (prior) return (await loadMessages(trx, workshopId, prior.id))[0];
    }
    const [message] = await trx('attendee_messages')
      .insert({ workshop_id: workshopId, subject: input.subject, body: input.body, idempotency_key: input.idempotency_key ?? null, sent_by: sentBy ?? null })
      .returning('id');
    const regs: { id: string }[] = await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).select('id');
    for (const r of regs) {
      const data = await registrationEmailData(trx, r.id, sender);
      const text = { subject: input.subject, body: input.body };
      await queueEmail(trx, r.id, 'attendee_message', data.email, { ...data, message: text }, { dedupeKey: `message:${message.id}:${r.id}`, messageId: message.id });
      // Every attendee of a team booking with a link of their own hears it too.
      const seats: { id: string; name: string; email: string }[] = await trx('attendees').where({ registration_id: r.id, status: 'active' }).whereNotNull('booking_token_hash').select('id', 'name', 'email');
      for (const a of seats) {
        await queueEmail(trx, r.id, 'attendee_message', a.email, { ...data, name: a.name, email: a.email, seatList: undefined, message: text }, { dedupeKey: `message:${message.id}:seat:${a.id}`, messageId: message.id, attendeeId: a.id });
      }
    }
    return (await loadMessages(trx, workshopId, message.id))[0];
  });
}
