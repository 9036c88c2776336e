import type { AttentionList, AttentionRetryResult } from '@workshop/shared';
import type { RouteModule } from '../http/route';
import { parseId } from '../http/validate';
import { listAttention, retryRefund, retryRegistration } from './attention.service';

/** The admins' "Needs attention" list: money that did not end in a seat or a refund by itself. */
export const attentionRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/attention',
    access: 'admin',
    handler: async (_req, res) => {
      const body: AttentionList = await listAttention(db);
      res.json(body);
    },
  },
  {
    method: 'post',
    path: '/api/admin/attention/refunds/:id/retry',
    access: 'admin',
    handler: async (req, res) => {
      const body: AttentionRetryResult = { item: await retryRefund(db, parseId(req.params.id, 'No refund with this id.')) };
      res.json(body);
    },
  },
  {
    method: 'post',
    path: '/api/admin/attention/registrations/:id/retry',
    access: 'admin',
    handler: async (req, res) => {
      const body: AttentionRetryResult = { item: await retryRegistration(db, parseId(req.params.id, 'No registration with this id.')) };
      res.json(body);
    },
  },
];
