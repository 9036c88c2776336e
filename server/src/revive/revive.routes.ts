import { reviveCreateSchema, reviveListQuerySchema, type RecoveryState, type ReviveEntry, type ReviveList } from '@workshop/shared';
import type { Db } from '../db/knex';
import { NotFoundError } from '../http/errors';
import { applySearch, pageOf, startOfTodaySql } from '../http/paging';
import type { RouteModule } from '../http/route';
import { timeZoneSchema } from '../http/time-zone';
import { parse, parseId } from '../http/validate';

const listQuery = reviveListQuerySchema.extend({ tz: timeZoneSchema });

function toEntry(row: Record<string, unknown>): ReviveEntry {
  return {
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    source: row.source as ReviveEntry['source'],
    created_at: new Date(row.created_at as string).toISOString(),
    recovery: row.recovery_status
      ? {
          status: row.recovery_status as RecoveryState['status'],
          skip_reason: (row.skip_reason as string | null) ?? null,
          sent_at: iso(row.sent_at),
          returned_at: iso(row.returned_at),
          recovered_at: iso(row.recovered_at),
          recovered_amount_cents: (row.recovered_amount_cents as number | null) ?? null,
        }
      : null,
  };
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** Each entry with the follow-up of its person and workshop (abandoned checkouts only). */
function withRecovery(db: Db) {
  return db('revive as rv')
    .leftJoin('workshop_registrations as r', 'r.id', 'rv.registration_id')
    .leftJoin('checkout_recoveries as c', function () {
      this.on('c.workshop_id', 'r.workshop_id').andOn(db.raw('lower(c.email) = lower(r.email)'));
    })
    .select('rv.*', 'c.status as recovery_status', 'c.skip_reason', 'c.sent_at', 'c.returned_at', 'c.recovered_at', 'c.recovered_amount_cents');
}

export const reviveRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/revive',
    access: 'admin',
    handler: async (req, res) => {
      const { q, page, pageSize, tz } = parse(listQuery, req.query);
      const list = applySearch(withRecovery(db), ['rv.name', 'rv.email'], q).orderBy([
        { column: 'rv.created_at', order: 'desc' },
        { column: 'rv.id', order: 'desc' },
      ]);
      const [rows, counted, summary] = await Promise.all([
        pageOf(list, page, pageSize),
        applySearch(db('revive'), ['name', 'email'], q).count<{ count: number }[]>('* as count').first(),
        db('revive').first(db.raw('count(*)::int AS total'), db.raw('count(*) FILTER (WHERE created_at >= ?)::int AS today', [startOfTodaySql(db, tz)])),
      ]);
      const body: ReviveList = { items: rows.map(toEntry), total: Number(counted?.count ?? 0), summary };
      res.json(body);
    },
  },
  {
    method: 'post',
    path: '/api/admin/revive',
    access: 'admin',
    handler: async (req, res) => {
      const input = parse(reviveCreateSchema, req.body);
      const [row] = await db('revive').insert({ ...input, source: 'admin' }).returning('*');
      res.status(201).json(toEntry({ ...row, recovery_status: null }));
    },
  },
  {
    method: 'delete',
    path: '/api/admin/revive/:id',
    access: 'admin',
    handler: async (req, res) => {
      const deleted = await db('revive').where({ id: parseId(req.params.id, 'Revive entry not found') }).delete();
      if (!deleted) throw new NotFoundError('Revive entry not found');
      res.status(204).end();
    },
  },
];
