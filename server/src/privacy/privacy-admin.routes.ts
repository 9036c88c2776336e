import { privacyOnBehalfInputSchema } from '@workshop/shared';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { listPrivacyRequests, runOnBehalf } from './privacy-admin.service';
import { previewRetention } from './retention.service';

/** The owners' view of privacy requests (issue 27, point 3): everyone's address and what was done with it, so owners only. */
export const privacyAdminRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/privacy/requests',
    access: 'admin',
    staff: false,
    handler: async (_req, res) => {
      res.json({ items: await listPrivacyRequests(db) });
    },
  },
  {
    // What the daily retention run would anonymise or delete now, per kind (issue 27, point 1).
    method: 'get',
    path: '/api/admin/privacy/retention',
    access: 'admin',
    staff: false,
    handler: async (_req, res) => {
      res.json(await previewRetention(db));
    },
  },
  {
    method: 'post',
    path: '/api/admin/privacy/requests',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await runOnBehalf(db, req.admin!.id, parse(privacyOnBehalfInputSchema, req.body)));
    },
  },
];
