import type { Interest, InterestStatus, InterestSummary } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { applySearch, startOfTodaySql } from '../http/paging';

export interface InterestFilter {
  q: string;
  status?: InterestStatus;
}

const SEARCH_COLUMNS = ['name', 'email', 'phone'];

export function toInterest(row: Record<string, unknown>): Interest {
  return {
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    phone: row.phone as string,
    message: row.message as string,
    source: row.source as Interest['source'],
    status: row.status as InterestStatus,
    created_at: new Date(row.created_at as string).toISOString(),
  };
}

export function filteredInterests(db: Db, f: InterestFilter): Knex.QueryBuilder {
  const qb = db('workshop_interests')
    .select('*')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
  if (f.status) qb.where('status', f.status);
  return applySearch(qb, SEARCH_COLUMNS, f.q);
}

/** Every distinct address of the filter, for Email All (the whole filter, not one page). */
export async function interestEmails(db: Db, f: InterestFilter): Promise<string[]> {
  const rows: { email: string }[] = await filteredInterests(db, f).clearSelect().clearOrder().distinct('email').orderBy('email');
  return rows.map((r) => r.email);
}

export async function countInterests(db: Db, f: InterestFilter): Promise<number> {
  const qb = db('workshop_interests');
  if (f.status) qb.where('status', f.status);
  applySearch(qb, SEARCH_COLUMNS, f.q);
  const row = await qb.count<{ count: number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

export async function interestSummary(db: Db, tz: string): Promise<InterestSummary> {
  return db('workshop_interests')
    .first(
      db.raw('count(*)::int AS total'),
      db.raw(`count(*) FILTER (WHERE status = 'interested')::int AS interested`),
      db.raw('count(*) FILTER (WHERE created_at >= ?)::int AS today', [startOfTodaySql(db, tz)]),
    );
}

export async function insertInterest(
  db: Db,
  values: { name: string; email: string; phone: string; message: string; source: Interest['source'] },
): Promise<Interest> {
  const [row] = await db('workshop_interests').insert({ ...values, status: 'interested' }).returning('*');
  return toInterest(row);
}
