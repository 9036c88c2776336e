import { DEFAULT_SETTINGS } from '@workshop/shared';
import type { Db } from '../db/knex';
import { queueWorkshopUpdated } from '../email/email.invites';
import type { EmailSender } from '../email/email.queue';
import { ConflictError, NotFoundError } from '../http/errors';
import { scheduleReminders } from '../reminders/reminders';
import { capacity } from '../workshops/workshops.queries';
import { markWaitlistBooked } from '../waitlist/waitlist.queries';
import { countTakenSeats } from '../workshops/seats.queries';

export const MOVE_MESSAGES = {
  notActive: 'Only a completed booking can be moved.',
  same: 'The booking is already in this workshop.',
  started: 'That workshop has already started.',
  full: 'That workshop has no seat left.',
} as const;

/**
 * Moves a paid booking to another workshop if that one has a seat: both workshop rows are
 * locked in one order (by id), then the registration, so two moves or a checkout cannot take
 * the same seat. The amount paid stays as it was. The buyer (and each attendee with an event of
 * their own) gets an updated invite of the same UID and a higher SEQUENCE; reminders follow the new date.
 */
export async function moveBooking(db: Db, sender: EmailSender, registrationId: string, targetId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const ref = await trx('workshop_registrations').where({ id: registrationId }).first('workshop_id');
    if (!ref) throw new NotFoundError('Registration not found');
    if (ref.workshop_id === targetId) throw new ConflictError(MOVE_MESSAGES.same);
    const locked = await trx('workshops').whereIn('id', [ref.workshop_id, targetId]).orderBy('id').forNoKeyUpdate().select('id', 'max_participants', trx.raw('date <= now() AS started'));
    const target = locked.find((w) => w.id === targetId);
    if (!target) throw new NotFoundError('Workshop not found');
    const reg = await trx('workshop_registrations').where({ id: registrationId }).forNoKeyUpdate().first('status', 'workshop_id', 'seats');
    if (reg.status !== 'completed') throw new ConflictError(MOVE_MESSAGES.notActive);
    if (target.started) throw new ConflictError(MOVE_MESSAGES.started);
    const limit = { ...DEFAULT_SETTINGS.registration_limit, ...((await trx('admin_settings').where({ setting_key: 'registration_limit' }).first('setting_value'))?.setting_value ?? {}) };
    const cap = capacity(target.max_participants, limit);
    // Every seat of the order moves, or none.
    if (cap !== null && (await countTakenSeats(trx, targetId)) + reg.seats > cap) throw new ConflictError(MOVE_MESSAGES.full);

    const [moved] = await trx('workshop_registrations').where({ id: registrationId }).update({ workshop_id: targetId, updated_at: trx.fn.now() }).returning(['id', 'workshop_id', 'email']);
    // Waiting for a seat in the target workshop is over: it is never offered one it already has.
    await markWaitlistBooked(trx, moved);
    await queueWorkshopUpdated(trx, registrationId, sender, `moved:${registrationId}:${targetId}:${Date.now()}`);
    await scheduleReminders(trx, registrationId);
  });
}
