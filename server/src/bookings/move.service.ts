import { DEFAULT_SETTINGS, SEATS_MESSAGES, TRANSFER_MESSAGES, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { queueWorkshopUpdated } from '../email/email.invites';
import type { EmailSender } from '../email/email.queue';
import { ConflictError, NotFoundError } from '../http/errors';
import { scheduleReminders } from '../reminders/reminders';
import { capacity } from '../workshops/workshops.queries';
import { emailsWithSeats } from '../registrations/attendees.queries';
import { markWaitlistBooked } from '../waitlist/waitlist.queries';
import { countTakenSeats } from '../workshops/seats.queries';
import { openCheckoutOf } from './transfer.service';

export const MOVE_MESSAGES = {
  notActive: 'Only a completed booking can be moved.',
  same: 'The booking is already in this workshop.',
  started: 'That workshop has already started.',
  full: 'That workshop has no seat left.',
  changed: 'The booking changed while it was being moved. Try again.',
} as const;

/**
 * The locks every move takes, in one order: both workshop rows (by id), then the booking, so two
 * moves, a cancel or a checkout cannot take the same seat. Checks what any move needs: a completed
 * booking, another workshop that exists and has not started; `fits(n)` says whether n more seats fit there.
 */
export async function lockForMove(trx: Knex.Transaction, registrationId: string, targetId: string) {
  const ref = await trx('workshop_registrations').where({ id: registrationId }).first('workshop_id');
  if (!ref) throw new NotFoundError('Registration not found');
  if (ref.workshop_id === targetId) throw new ConflictError(MOVE_MESSAGES.same);
  const locked = await trx('workshops').whereIn('id', [ref.workshop_id, targetId]).orderBy('id').forNoKeyUpdate().select('id', 'max_participants', 'status', trx.raw('date <= now() AS started'));
  const target = locked.find((w) => w.id === targetId);
  if (!target) throw new NotFoundError('Workshop not found');
  if (locked.find((w) => w.id === ref.workshop_id)?.status === 'cancelled') throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.noMoveOut);
  const reg = await trx('workshop_registrations').where({ id: registrationId }).forNoKeyUpdate().first();
  // The booking moved between the first read and its lock: the workshop locked is not its own.
  if (reg.workshop_id !== ref.workshop_id) throw new ConflictError(MOVE_MESSAGES.changed);
  if (reg.status !== 'completed') throw new ConflictError(MOVE_MESSAGES.notActive);
  if (target.started) throw new ConflictError(MOVE_MESSAGES.started);
  if (target.status === 'cancelled') throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.notOpen);
  const limit = { ...DEFAULT_SETTINGS.registration_limit, ...((await trx('admin_settings').where({ setting_key: 'registration_limit' }).first('setting_value'))?.setting_value ?? {}) };
  const cap = capacity(target.max_participants, limit);
  return { reg, fits: async (seats: number) => cap === null || (await countTakenSeats(trx, targetId)) + seats <= cap };
}

/**
 * Moves a paid booking to another workshop if that one has a seat for each of its seats. The
 * amount paid stays as it was. The buyer (and each attendee with an event of their own) gets an
 * updated invite of the same UID and a higher SEQUENCE; reminders follow the new date.
 */
export async function moveBooking(db: Db, sender: EmailSender, registrationId: string, targetId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const { reg, fits } = await lockForMove(trx, registrationId, targetId);
    // Every seat of the order moves, or none.
    if (!(await fits(reg.seats))) throw new ConflictError(MOVE_MESSAGES.full);
    // One seat per person there too: nobody sitting in this order may already sit in the target.
    const people: string[] = (await trx('attendees').where({ registration_id: registrationId, status: 'active' }).select('email')).map((a: { email: string | null }) => a.email ?? reg.email);
    const [seated] = await emailsWithSeats(trx, targetId, [...new Set(people)], registrationId);
    if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated));
    // Nor may one of them have a checkout there that money may still complete: it would be a second seat.
    for (const email of new Set(people.map((e) => e.toLowerCase()))) if (await openCheckoutOf(trx, targetId, email)) throw new ConflictError(TRANSFER_MESSAGES.ownCheckout);
    const [moved] = await trx('workshop_registrations').where({ id: registrationId }).update({ workshop_id: targetId, moved_in_at: trx.fn.now(), updated_at: trx.fn.now() }).returning(['id', 'workshop_id', 'email']);
    // Waiting for a seat in the target workshop is over: it is never offered one it already has.
    await markWaitlistBooked(trx, moved);
    await queueWorkshopUpdated(trx, registrationId, sender, `moved:${registrationId}:${targetId}:${Date.now()}`);
    await scheduleReminders(trx, registrationId);
  });
}
