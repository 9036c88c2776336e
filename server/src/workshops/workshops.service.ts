import type { Workshop, WorkshopUpdateInput } from '@workshop/shared';
import { workshopCreateSchema } from '@workshop/shared';
import type { z } from 'zod';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors';
import { findWorkshop, toWorkshop } from './workshops.queries';

type CreateValues = z.output<typeof workshopCreateSchema>;

/** A database CHECK that fires means the shared schema and the table disagree: say which field. */
function mapConstraint(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23514') throw new ValidationError('Workshop values are out of range', { _: e.constraint ?? 'check' });
  throw err;
}

export async function createWorkshop(db: Db, values: CreateValues): Promise<Workshop> {
  const [row] = await db('workshops').insert(values).returning('*').catch(mapConstraint);
  return toWorkshop(row);
}

export async function updateWorkshop(db: Db, id: string, values: WorkshopUpdateInput): Promise<Workshop> {
  const [row] = await db('workshops')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() })
    .returning('*')
    .catch(mapConstraint);
  if (!row) throw new NotFoundError('Workshop not found');
  return toWorkshop(row);
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
