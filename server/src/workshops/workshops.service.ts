import type { AdminWorkshop, WorkshopUpdateInput } from '@workshop/shared';
import { WORKSHOP_CANCEL_MESSAGES, workshopCreateSchema } from '@workshop/shared';
import type { z } from 'zod';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors';
import type { EmailSender } from '../email/email.queue';
import { countTakenSeats } from './seats.queries';
import { announceWorkshopChange } from './workshop-changes';
import { attendanceOf, findWorkshop, toAdminWorkshop } from './workshops.queries';

type CreateValues = z.output<typeof workshopCreateSchema>;

/** A database CHECK that fires means the shared schema and the table disagree: say which field. */
function mapConstraint(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23514') throw new ValidationError('Workshop values are out of range', { _: e.constraint ?? 'check' });
  throw err;
}

export async function createWorkshop(db: Db, values: CreateValues): Promise<AdminWorkshop> {
  const [row] = await db('workshops').insert(values).returning('*').catch(mapConstraint);
  return toAdminWorkshop(row);
}

/** Changes a workshop; a new date or place is announced to everyone who paid (see announceWorkshopChange). */
export async function updateWorkshop(db: Db, id: string, values: WorkshopUpdateInput, sender: EmailSender): Promise<AdminWorkshop> {
  return db.transaction(async (trx) => {
    const before = await trx('workshops').where({ id }).forNoKeyUpdate().first();
    if (!before) throw new NotFoundError('Workshop not found');
    // Called off for good: it can be hidden, never put on sale, moved or given a place again.
    if (before.status === 'cancelled' && Object.keys(values).some((k) => k !== 'is_active')) throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.unchangeable);
    const [row] = await trx('workshops')
      .where({ id })
      .update({ ...values, updated_at: trx.fn.now() })
      .returning('*')
      .catch(mapConstraint);
    const dateMoved = new Date(row.date).getTime() !== new Date(before.date).getTime();
    // Everyone who bought before now may choose a full refund instead (until 48 hours before the new start).
    // Moved to a date still to come: its attendees are thanked after that session, even if a thank-you went after the old one.
    if (dateMoved) await trx('workshops').where({ id }).update({ rescheduled_at: trx.fn.now(), followed_up_at: trx.raw(`CASE WHEN date + make_interval(hours => duration_hours) > now() THEN NULL ELSE followed_up_at END`) });
    const placeChanged = row.join_url !== before.join_url || row.join_passcode !== before.join_passcode;
    if (dateMoved || placeChanged) await announceWorkshopChange(trx, id, sender, { date: dateMoved });
    const all = await trx('workshop_registrations').where({ workshop_id: id }).count<{ n: string }[]>('* as n').first();
    return toAdminWorkshop({ ...row, seats_taken: await countTakenSeats(trx, id), completed_count: await countTakenSeats(trx, id, 'sold'), registrations_count: Number(all?.n ?? 0), attendance: await attendanceOf(trx, id) });
  });
}

/** Registrations keep their workshop (people paid for it): such a workshop can only be deactivated. */
export async function deleteWorkshop(db: Db, id: string): Promise<void> {
  if (!(await findWorkshop(db, id))) throw new NotFoundError('Workshop not found');
  try {
    await db('workshops').where({ id }).delete();
  } catch (err) {
    if ((err as { code?: string }).code === '23503') {
      throw new ConflictError('This workshop has registrations and cannot be deleted. Mark it inactive instead.');
    }
    throw err;
  }
}
