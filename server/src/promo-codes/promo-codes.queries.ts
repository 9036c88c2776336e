import type { PromoCode } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';

/**
 * Uses are what registrations carrying the code say, never a stored counter: the seats of completed
 * ones, and the cancelled seats whose money the business kept (`kept_uses`: a seat sold at the
 * code's price and not given back in full keeps its use). "Clear all registrations" moves rows to
 * the archive, whose uses still count (else a clear would reset max_uses).
 */
const ARCHIVED = (ref: string) => `FROM workshop_registrations_archive a WHERE a.record->>'promo_code_id' = ${ref}::text AND a.record->>'status' = 'completed'`;
/** An archived order's seats (one, for orders archived before team bookings). */
const ARCHIVED_SEATS = `coalesce((a.record->>'seats')::int, 1)`;
/** Cancelled seats whose money was kept, live and archived (whatever became of their order). */
const KEPT = (ref: string) => `((SELECT coalesce(sum(k.kept_uses), 0) FROM workshop_registrations k WHERE k.promo_code_id = ${ref})
  + (SELECT coalesce(sum((a.record->>'kept_uses')::int), 0) FROM workshop_registrations_archive a WHERE a.record->>'promo_code_id' = ${ref}::text))`;
const USES = `((SELECT coalesce(sum(r.seats), 0) FROM workshop_registrations r WHERE r.promo_code_id = p.id AND r.status = 'completed') + (SELECT coalesce(sum(${ARCHIVED_SEATS}), 0) ${ARCHIVED('p.id')}) + ${KEPT('p.id')})::int`;
const GIVEN = `((SELECT coalesce(sum(r.discount_cents), 0) FROM workshop_registrations r WHERE r.promo_code_id = p.id AND r.status = 'completed')
  + (SELECT coalesce(sum((a.record->>'discount_cents')::int), 0) ${ARCHIVED('p.id')}))::bigint`;

/** Any checkout that ever carried the code, whatever became of it (archived ones too). */
const EVER_CARRIED = (ref: string) =>
  `(EXISTS (SELECT 1 FROM workshop_registrations r WHERE r.promo_code_id = ${ref}) OR EXISTS (SELECT 1 FROM workshop_registrations_archive a WHERE a.record->>'promo_code_id' = ${ref}::text))`;

export function promoCodesWithUses(db: Db | Knex.Transaction): Knex.QueryBuilder {
  return db('promo_codes as p')
    .leftJoin('workshops as w', 'w.id', 'p.workshop_id')
    .select('p.*', 'w.title as workshop_title', db.raw(`${USES} AS uses`), db.raw(`${GIVEN} AS discount_cents`), db.raw(`NOT ${EVER_CARRIED('p.id')} AS deletable`))
    .orderBy([{ column: 'p.created_at', order: 'desc' }, { column: 'p.id', order: 'desc' }]);
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export function toPromoCode(row: Record<string, unknown>): PromoCode {
  return {
    id: row.id as string,
    code: row.code as string,
    kind: row.kind as PromoCode['kind'],
    value: row.value as number,
    workshop_id: (row.workshop_id as string | null) ?? null,
    workshop_title: (row.workshop_title as string | null) ?? null,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    max_uses: (row.max_uses as number | null) ?? null,
    active: row.active as boolean,
    uses: Number(row.uses ?? 0),
    discount_cents: Number(row.discount_cents ?? 0),
    deletable: Boolean(row.deletable),
    created_at: iso(row.created_at) as string,
  };
}

/** Completed uses plus live holds carrying the code, in seats: what a new hold must fit beside (lock the code row first). */
export async function countCodeTaken(trx: Db | Knex.Transaction, promoCodeId: string, exceptRegistrationId?: string): Promise<number> {
  const r = await trx.raw(
    `SELECT ((SELECT coalesce(sum(r.seats), 0) FROM workshop_registrations r
      WHERE r.promo_code_id = x.id AND r.id IS DISTINCT FROM ?::uuid AND (r.status = 'completed' OR (r.status = 'pending' AND r.hold_expires_at > now())))
      + (SELECT coalesce(sum(${ARCHIVED_SEATS}), 0) ${ARCHIVED('x.id')}) + ${KEPT('x.id')})::int AS n FROM (SELECT ?::uuid AS id) x`,
    [exceptRegistrationId ?? null, promoCodeId],
  );
  return r.rows[0].n as number;
}

/** Whether any checkout ever carried the code (lock the code row first: a checkout takes it under that lock). */
export async function codeEverCarried(trx: Knex.Transaction, promoCodeId: string): Promise<boolean> {
  const r = await trx.raw(`SELECT ${EVER_CARRIED('x.id')} AS carried FROM (SELECT ?::uuid AS id) x`, [promoCodeId]);
  return Boolean(r.rows[0].carried);
}
