import { reviveCreateSchema, reviveListQuerySchema, type ReviveEntry, type ReviveList } from '@workshop/shared';
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
  };
}

export const reviveRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/revive',
    access: 'admin',
    handler: async (req, res) => {
      const { q, page, pageSize, tz } = parse(listQuery, req.query);
      const list = applySearch(db('revive').select('*'), ['name', 'email'], q).orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
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
      res.status(201).json(toEntry(row));
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
