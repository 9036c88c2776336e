import { activityListQuerySchema } from '@workshop/shared';
import { pageOf } from '../http/paging';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';

/** The audit log, newest first; read-only (the table itself refuses changes). */
export const activityRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/activity',
    access: 'admin',
    // Who signed in from where, and who failed: for owners (issue 24).
    staff: false,
    handler: async (req, res) => {
      const { page, pageSize } = parse(activityListQuerySchema, req.query);
      const q = db('admin_activity').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
      const [rows, total] = await Promise.all([pageOf(q, page, pageSize), db('admin_activity').count('* as n').first()]);
      res.json({
        items: rows.map((r: Record<string, unknown>) => ({ ...r, id: String(r.id), created_at: new Date(r.created_at as string).toISOString() })),
        total: Number(total?.n ?? 0),
      });
    },
  },
];
