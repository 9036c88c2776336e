import type { RegistrationStatus } from '@workshop/shared';
import type { Knex } from 'knex';

/**
 * How many registrations, and how much money, each (workshop, status) holds: the SPEC's totals
 * (dashboard, the list's cards and page count) without counting every registration on each call.
 * Database triggers keep `registration_tallies` (migration 20261123030000): every statement that
 * inserts, updates or deletes registrations appends its signed change per (workshop, status),
 * so summing the rows is exact at the reader's snapshot, whoever wrote and however.
 */
export interface Tally {
  workshop_id: string;
  status: RegistrationStatus;
  registrations: number;
  amount_cents: number;
}

/** Past this many rows a read folds them together first (the purge job also does, every quarter hour). */
export const TALLY_ROWS_BEFORE_COMPACTION = 2000;
/** pg advisory lock key of the compaction ("wktl"): one at a time across the cluster. */
const COMPACTION_LOCK_KEY = 0x776b746c;

export async function readTallies(db: Knex, where: { status?: RegistrationStatus; workshop_id?: string } = {}): Promise<Tally[]> {
  const qb = db('registration_tallies')
    .select('workshop_id', 'status', db.raw('sum(registrations)::bigint AS registrations'), db.raw('sum(amount_cents)::bigint AS amount_cents'), db.raw('count(*)::int AS parts'))
    .groupBy('workshop_id', 'status');
  if (where.status) qb.where('status', where.status);
  if (where.workshop_id) qb.where('workshop_id', where.workshop_id);
  const rows: (Record<string, string | number> & { parts: number })[] = await qb;
  if (!where.status && !where.workshop_id && rows.reduce((n, r) => n + r.parts, 0) > TALLY_ROWS_BEFORE_COMPACTION) await compactTallies(db);
  return rows
    .map((r) => ({ workshop_id: r.workshop_id as string, status: r.status as RegistrationStatus, registrations: Number(r.registrations), amount_cents: Number(r.amount_cents) }))
    .filter((t) => t.registrations !== 0 || t.amount_cents !== 0);
}

/**
 * Folds the rows into one per (workshop, status), in one statement: readers see the old rows or
 * the new ones, never both; rows appended meanwhile by other transactions are left for next time.
 * Answers how many rows were folded (0 when another compaction was running).
 */
export async function compactTallies(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(?) AS ok', [COMPACTION_LOCK_KEY]);
    if (!rows[0].ok) return 0;
    const result = await trx.raw(`
      WITH folded AS (DELETE FROM registration_tallies RETURNING *),
           kept AS (
             INSERT INTO registration_tallies (workshop_id, status, registrations, amount_cents)
             SELECT workshop_id, status, sum(registrations), sum(amount_cents) FROM folded GROUP BY workshop_id, status
             HAVING sum(registrations) <> 0 OR sum(amount_cents) <> 0
             RETURNING 1)
      SELECT (SELECT count(*) FROM folded)::int AS folded, (SELECT count(*) FROM kept)::int AS kept`);
    return result.rows[0].folded as number;
  });
}

/** Registrations and money over the tallies given (all of them, or one status's, one workshop's...). */
export function sumTallies(tallies: Tally[], keep: (t: Tally) => boolean = () => true): { registrations: number; amount_cents: number } {
  let registrations = 0;
  let amount_cents = 0;
  for (const t of tallies) {
    if (!keep(t)) continue;
    registrations += t.registrations;
    amount_cents += t.amount_cents;
  }
  return { registrations, amount_cents };
}
