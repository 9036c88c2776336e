import { RESCHEDULE_CHOICE_HOURS } from '@workshop/shared';
import type { Knex } from 'knex';
import { bookingUrl, newBookingToken } from '../email/booking-link';
import { type RescheduleChoice, queueWorkshopUpdated } from '../email/email.invites';
import type { EmailSender } from '../email/email.queue';
import { workshopRescheduled } from './workshops.hooks';

/**
 * After an admin moved a workshop's date or changed where it happens, everyone who paid (and each
 * attendee with an event of their own) hears of it once per change, with a calendar invite of
 * their booking's UID and its next SEQUENCE (so their calendar updates the event), and their
 * reminders follow the new date. The revision only names the change, for the emails' dedupe keys.
 * A new date also gives them a choice until 48 hours before it: keep the seat, or cancel for
 * everything back; the email carries both, on a fresh link of their own (the old one stops working).
 */
export async function announceWorkshopChange(trx: Knex.Transaction, workshopId: string, sender: EmailSender, change: { date: boolean }): Promise<number> {
  const [{ revision, date }] = await trx('workshops').where({ id: workshopId }).increment('revision', 1).returning(['revision', 'date']);
  const regs: { id: string }[] = await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).select('id');
  const until = new Date(new Date(date).getTime() - RESCHEDULE_CHOICE_HOURS * 3_600_000);
  const choice = change.date && until.getTime() > Date.now();
  for (const r of regs) await queueWorkshopUpdated(trx, r.id, sender, `workshop_updated:${r.id}:${revision}`, choice ? await freshLinks(trx, r.id, sender, until) : undefined);
  if (change.date) await workshopRescheduled.emit(trx, { workshopId });
  return regs.length;
}

/** New links for the order and each seat that had one of its own: the choice's email is the only place they are written. */
async function freshLinks(trx: Knex.Transaction, registrationId: string, sender: EmailSender, until: Date): Promise<RescheduleChoice> {
  const order = newBookingToken();
  await trx('workshop_registrations').where({ id: registrationId }).update({ booking_token_hash: order.hash });
  const seats: Record<string, string> = {};
  const linked: { id: string }[] = await trx('attendees').where({ registration_id: registrationId, status: 'active' }).whereNotNull('booking_token_hash').select('id');
  for (const a of linked) {
    const link = newBookingToken();
    await trx('attendees').where({ id: a.id }).update({ booking_token_hash: link.hash });
    seats[a.id] = bookingUrl(sender.publicBaseUrl, link.token);
  }
  return { until, order: bookingUrl(sender.publicBaseUrl, order.token), seats };
}
