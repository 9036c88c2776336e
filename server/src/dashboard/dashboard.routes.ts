import type { RouteModule } from '../http/route';
import { dashboardFigures } from './dashboard.queries';

export const dashboardRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/dashboard',
    access: 'admin',
    handler: async (_req, res) => {
      res.json(await dashboardFigures(db));
    },
  },
];
