import { funnelQuerySchema } from '@workshop/shared';
import { z } from 'zod';
import type { RouteModule } from '../http/route';
import { timeZoneSchema } from '../http/time-zone';
import { parse } from '../http/validate';
import { funnelFigures } from './funnel.queries';

const zone = z.object({ tz: timeZoneSchema });

/** A day in `tz`, `daysAgo` days before today, as YYYY-MM-DD. */
function dayIn(tz: string, daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() - daysAgo * 86_400_000));
}

export const funnelRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/funnel',
    access: 'admin',
    handler: async (req, res) => {
      const q = { ...parse(funnelQuerySchema, req.query), ...parse(zone, req.query) };
      // The last 30 days, today included, unless the admin chose a period.
      const to = q.to ?? dayIn(q.tz, 0);
      const from = q.from ?? (q.to ? q.to : dayIn(q.tz, 29));
      res.json(await funnelFigures(db, { from: from <= to ? from : to, to, tz: q.tz }));
    },
  },
];
