import type { Registration, RegistrationStatus, RegistrationSummary } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { applySearch, startOfTodaySql } from '../http/paging';

export interface RegistrationFilter {
  q: string;
  status?: RegistrationStatus;
}

const SEARCH_COLUMNS = ['r.name', 'r.email', 'r.access_id'];

export function toRegistration(row: Record<string, unknown>): Registration {
  return {
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    phone: row.phone as string,
    workshop_id: row.workshop_id as string,
    workshop_title: (row.workshop_title as string) ?? '',
    access_id: row.access_id as string,
    payment_id: (row.payment_id as string | null) ?? null,
    amount: row.amount as number,
    currency: row.currency as string,
    payment_method: (row.payment_method as Registration['payment_method']) ?? null,
    status: row.status as RegistrationStatus,
    status_reason: (row.status_reason as string | null) ?? null,
    created_at: new Date(row.created_at as string).toISOString(),
  };
}

/** Newest first; id breaks ties so paging is stable. */
export function filteredRegistrations(db: Db, f: RegistrationFilter): Knex.QueryBuilder {
  const qb = db('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .select('r.*', 'w.title as workshop_title')
    .orderBy([{ column: 'r.created_at', order: 'desc' }, { column: 'r.id', order: 'desc' }]);
  if (f.status) qb.where('r.status', f.status);
  return applySearch(qb, SEARCH_COLUMNS, f.q);
}

export async function countRegistrations(db: Db, f: RegistrationFilter): Promise<number> {
  const qb = db('workshop_registrations as r');
  if (f.status) qb.where('r.status', f.status);
  applySearch(qb, SEARCH_COLUMNS, f.q);
  const row = await qb.count<{ count: number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** The page's cards: over every registration, "today" in the viewer's zone (SPEC §9). */
export async function registrationSummary(db: Db, tz: string): Promise<RegistrationSummary> {
  const row = await db('workshop_registrations')
    .select(
      db.raw('count(*)::int AS total'),
      db.raw(`count(*) FILTER (WHERE status = 'completed')::int AS completed`),
      db.raw('coalesce(sum(amount), 0)::bigint AS revenue_cents'),
      db.raw(`count(*) FILTER (WHERE created_at >= ?)::int AS today`, [startOfTodaySql(db, tz)]),
    )
    .first();
  return { total: row.total, completed: row.completed, revenue_cents: Number(row.revenue_cents), today: row.today };
}

/**
 * "Clear all registration data": gone from the admin, but the payment record is kept in the
 * archive (payment records are retained 7 years, SPEC §9).
 */
export async function archiveAndDeleteAllRegistrations(db: Db): Promise<number> {
  return db.transaction(async (trx) => {
    await trx.raw(`INSERT INTO workshop_registrations_archive (id, record) SELECT r.id, to_jsonb(r) FROM workshop_registrations r ON CONFLICT (id) DO NOTHING`);
    const deleted: number = await trx('workshop_registrations').delete();
    return deleted;
  });
}
