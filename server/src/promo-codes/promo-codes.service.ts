import { PROMO_MESSAGES, promoCodeCreateSchema, type PromoCode, type PromoCodeCreateInput, type PromoCodePatchInput } from '@workshop/shared';
import type { z } from 'zod';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors';
import { parse } from '../http/validate';
import { codeEverCarried, promoCodesWithUses, toPromoCode } from './promo-codes.queries';

type Fields = z.output<typeof promoCodeCreateSchema>;

async function assertWorkshop(db: Db, workshopId: string | null): Promise<void> {
  if (workshopId && !(await db('workshops').where({ id: workshopId }).first('id'))) {
    throw new ValidationError(PROMO_MESSAGES.workshop, { workshop_id: PROMO_MESSAGES.workshop });
  }
}

async function readOne(db: Db, id: string): Promise<PromoCode> {
  const row = await promoCodesWithUses(db).where('p.id', id).first();
  if (!row) throw new NotFoundError(PROMO_MESSAGES.notFound);
  return toPromoCode(row);
}

const taken = (err: unknown) => (err as { code?: string }).code === '23505';

export async function createPromoCode(db: Db, input: Fields): Promise<PromoCode> {
  await assertWorkshop(db, input.workshop_id);
  try {
    const [row] = await db('promo_codes').insert(input).returning('id');
    return readOne(db, row.id);
  } catch (err) {
    // Two admins creating the same code at once: the unique index decides.
    if (taken(err)) throw new ConflictError(PROMO_MESSAGES.codeTaken);
    throw err;
  }
}

/** The patch is checked together with what it keeps (a percent kind with a value of 500 is refused). */
export async function updatePromoCode(db: Db, id: string, patch: Omit<PromoCodePatchInput, 'code'>): Promise<PromoCode> {
  const current = await readOne(db, id);
  const merged: PromoCodeCreateInput = {
    code: current.code,
    kind: current.kind,
    value: current.value,
    workshop_id: current.workshop_id,
    starts_at: current.starts_at,
    ends_at: current.ends_at,
    max_uses: current.max_uses,
    active: current.active,
    ...patch,
  };
  const next = parse(promoCodeCreateSchema, merged);
  await assertWorkshop(db, next.workshop_id);
  const { code: _code, ...fields } = next;
  await db('promo_codes').where({ id }).update({ ...fields, updated_at: db.fn.now() });
  return readOne(db, id);
}

export async function listPromoCodes(db: Db): Promise<PromoCode[]> {
  return (await promoCodesWithUses(db)).map(toPromoCode);
}

/**
 * Deletes a code no checkout ever carried. One that was used stays (its bookings, refunds and
 * the uses that count against max_uses name it); it can only be switched off. The code row is
 * locked as a checkout locks it to price a seat, so a checkout taking it now either finishes
 * first (and the code is kept) or finds it gone.
 */
export async function deletePromoCode(db: Db, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await trx('promo_codes').where({ id }).forUpdate().first('id');
    if (!row) throw new NotFoundError(PROMO_MESSAGES.notFound);
    if (await codeEverCarried(trx, id)) throw new ConflictError(PROMO_MESSAGES.used);
    await trx('promo_codes').where({ id }).delete();
  });
}
