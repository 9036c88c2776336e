import { createHash } from 'node:crypto';
import { workshopCreateSchema, workshopUpdateSchema } from '@workshop/shared';
import { emailSender } from '../email/email.data';
import type { RouteModule } from '../http/route';
import { singleFlight } from '../http/single-flight';
import { parse, parseId } from '../http/validate';
import { listAdminWorkshops, listPublicWorkshops } from './workshops.queries';
import { createWorkshop, deleteWorkshop, updateWorkshop } from './workshops.service';

export const workshopRoutes: RouteModule = ({ db, config }) => {
  // Every page view asks for this list: simultaneous asks share one query, serialized once.
  const publicList = singleFlight(async () => {
    const body = JSON.stringify(await listPublicWorkshops(db));
    return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
  });
  return [
    {
      method: 'get',
      path: '/api/workshops',
      access: 'public',
      handler: async (_req, res) => {
        const { body, etag } = await publicList();
        // With the ETag already set, Express skips hashing the body again and still answers 304.
        res.set('ETag', etag).type('json').send(body);
      },
    },
    {
      method: 'get',
      path: '/api/admin/workshops',
      access: 'admin',
      handler: async (_req, res) => {
        res.json(await listAdminWorkshops(db));
      },
    },
    {
      method: 'post',
      path: '/api/admin/workshops',
      access: 'admin',
      handler: async (req, res) => {
        res.status(201).json(await createWorkshop(db, parse(workshopCreateSchema, req.body)));
      },
    },
    {
      method: 'patch',
      path: '/api/admin/workshops/:id',
      access: 'admin',
      handler: async (req, res) => {
        const id = parseId(req.params.id, 'Workshop not found');
        res.json(await updateWorkshop(db, id, parse(workshopUpdateSchema, req.body), emailSender(config)));
      },
    },
    {
      method: 'delete',
      path: '/api/admin/workshops/:id',
      access: 'admin',
      handler: async (req, res) => {
        await deleteWorkshop(db, parseId(req.params.id, 'Workshop not found'));
        res.status(204).end();
      },
    },
  ];
};
