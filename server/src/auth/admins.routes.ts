import { updateAdminSchema } from '@workshop/shared';
import { z } from 'zod';
import type { RouteModule } from '../http/route';
import { siteOrigin } from './auth.hooks';
import { parse } from '../http/validate';
import { listAdmins, removeAdmin, setAdminRole } from './admins.service';
import { resetTwoFactorOf } from './two-factor.service';

const idParam = z.object({ id: z.uuid('Admin not found') });

/** The owners' admin management (issue 24): who the admins are, their roles, removing one. */
export const adminsRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'get',
    path: '/api/admin/users',
    access: 'admin',
    // Who can sign in, and how often: for owners, who manage admins.
    staff: false,
    handler: async (_req, res) => {
      res.json({ items: await listAdmins(db) });
    },
  },
  {
    method: 'patch',
    path: '/api/admin/users/:id',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      await setAdminRole(db, id, parse(updateAdminSchema, req.body).role);
      res.json({ items: await listAdmins(db) });
    },
  },
  {
    method: 'delete',
    path: '/api/admin/users/:id',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      await removeAdmin(db, id);
      res.status(204).end();
    },
  },
  {
    // A lost phone, or a thief's bound to the account: the owner turns it off for them (and they set a new password by email).
    method: 'delete',
    path: '/api/admin/users/:id/two-factor',
    access: 'admin',
    handler: async (req, res) => {
      const site = siteOrigin(config);
      await resetTwoFactorOf(db, req.admin!, parse(idParam, req.params).id, site);
      res.json({ items: await listAdmins(db) });
    },
  },
];
