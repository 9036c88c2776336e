import type { Knex } from 'knex';
import { queueWorkshopUpdated } from '../email/email.invites';
import type { EmailSender } from '../email/email.queue';
import { workshopRescheduled } from './workshops.hooks';

/**
 * After an admin moved a workshop's date or changed where it happens, everyone who paid (and each
 * attendee with an event of their own) hears of it once per change, with a calendar invite of
 * their booking's UID and its next SEQUENCE (so their calendar updates the event), and their
 * reminders follow the new date. The revision only names the change, for the emails' dedupe keys.
 */
export async function announceWorkshopChange(trx: Knex.Transaction, workshopId: string, sender: EmailSender, change: { date: boolean }): Promise<number> {
  const [{ revision }] = await trx('workshops').where({ id: workshopId }).increment('revision', 1).returning('revision');
  const regs: { id: string }[] = await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).select('id');
  for (const r of regs) await queueWorkshopUpdated(trx, r.id, sender, `workshop_updated:${r.id}:${revision}`);
  if (change.date) await workshopRescheduled.emit(trx, { workshopId });
  return regs.length;
}
