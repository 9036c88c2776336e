import type { Knex } from 'knex';
import { registrationEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { rescheduleWorkshopReminders } from '../reminders/reminders';

/**
 * After an admin moved a workshop's date or changed where it happens, everyone who paid hears
 * of it once per change, with a calendar invite of the same UID and a higher SEQUENCE (so their
 * calendar updates the event), and their reminders follow the new date.
 */
export async function announceWorkshopChange(trx: Knex.Transaction, workshopId: string, sender: EmailSender, change: { date: boolean }): Promise<number> {
  const [{ revision }] = await trx('workshops').where({ id: workshopId }).increment('revision', 1).returning('revision');
  const regs: { id: string }[] = await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).select('id');
  for (const r of regs) {
    const data = await registrationEmailData(trx, r.id, sender);
    await queueEmail(trx, r.id, 'workshop_updated', data.email, data, { dedupeKey: `workshop_updated:${r.id}:${revision}` });
  }
  if (change.date) await rescheduleWorkshopReminders(trx, workshopId);
  return regs.length;
}
