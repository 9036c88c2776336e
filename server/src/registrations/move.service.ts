import { DEFAULT_SETTINGS } from '@workshop/shared';
import type { Db } from '../db/knex';
import { registrationEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { ConflictError, NotFoundError } from '../http/errors';
import { scheduleReminders } from '../reminders/reminders';
import { capacity } from '../workshops/workshops.queries';
import { markWaitlistBooked } from '../waitlist/waitlist.queries';
import { countTakenSeats } from './seats.queries';

export const MOVE_MESSAGES = {
  notActive: 'Only a completed booking can be moved.',
  same: 'The booking is already in this workshop.',
  started: 'That workshop has already started.',
  full: 'That workshop has no seat left.',
} as const;

/**
 * Moves a paid booking to another workshop if that one has a seat: both workshop rows are
 * locked in one order (by id), then the registration, so two moves or a checkout cannot take
 * the same seat. The amount paid stays as it was. The buyer gets an updated invite; reminders
 * follow the new date.
 */
export async function moveBooking(db: Db, sender: EmailSender, registrationId: string, targetId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const ref = await trx('workshop_registrations').where({ id: registrationId }).first('workshop_id');
    if (!ref) throw new NotFoundError('Registration not found');
    if (ref.workshop_id === targetId) throw new ConflictError(MOVE_MESSAGES.same);
    const locked = await trx('workshops').whereIn('id', [ref.workshop_id, targetId]).orderBy('id').forNoKeyUpdate().select('id', 'max_participants', trx.raw('date <= now() AS started'));
    const target = locked.find((w) => w.id === targetId);
    if (!target) throw new NotFoundError('Workshop not found');
    const reg = await trx('workshop_registrations').where({ id: registrationId }).forNoKeyUpdate().first('status', 'workshop_id');
    if (reg.status !== 'completed') throw new ConflictError(MOVE_MESSAGES.notActive);
    if (target.started) throw new ConflictError(MOVE_MESSAGES.started);
    const limit = { ...DEFAULT_SETTINGS.registration_limit, ...((await trx('admin_settings').where({ setting_key: 'registration_limit' }).first('setting_value'))?.setting_value ?? {}) };
    const cap = capacity(target.max_participants, limit);
    if (cap !== null && (await countTakenSeats(trx, targetId)) >= cap) throw new ConflictError(MOVE_MESSAGES.full);

    const [moved] = await trx('workshop_registrations').where({ id: registrationId }).update({ workshop_id: targetId, updated_at: trx.fn.now() }).returning(['id', 'workshop_id', 'email']);
    // Waiting for a seat in the target workshop is over: it is never offered one it already has.
    await markWaitlistBooked(trx, moved);
    const data = await registrationEmailData(trx, registrationId, sender);
    await queueEmail(trx, registrationId, 'workshop_updated', data.email, data, { dedupeKey: `moved:${registrationId}:${targetId}:${Date.now()}` });
    await scheduleReminders(trx, registrationId);
  });
}
