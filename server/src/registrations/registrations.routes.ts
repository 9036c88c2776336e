import { registrationCsvColumns, registrationCsvFileName, registrationListQuerySchema, type RegistrationList } from '@workshop/shared';
import { z } from 'zod';
import { BadRequestError } from '../http/errors';
import { streamCsv } from '../http/csv-stream';
import { pageOf } from '../http/paging';
import type { RouteModule } from '../http/route';
import { timeZoneSchema } from '../http/time-zone';
import { parse } from '../http/validate';
import {
  archiveAndDeleteAllRegistrations,
  countRegistrations,
  filteredRegistrations,
  registrationSummary,
  toRegistration,
} from './registrations.queries';

const listQuery = registrationListQuerySchema.extend({ tz: timeZoneSchema });

export const registrationRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/registrations',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status, page, pageSize, tz } = parse(listQuery, req.query);
      const [rows, total, summary] = await Promise.all([
        pageOf(filteredRegistrations(db, { q, status }), page, pageSize),
        countRegistrations(db, { q, status }),
        registrationSummary(db, tz),
      ]);
      const body: RegistrationList = { items: rows.map(toRegistration), total, summary };
      res.json(body);
    },
  },
  {
    method: 'get',
    path: '/api/admin/registrations/export.csv',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status } = parse(listQuery, req.query);
      await streamCsv(res, registrationCsvFileName(), registrationCsvColumns, filteredRegistrations(db, { q, status }), toRegistration);
    },
  },
  {
    method: 'delete',
    path: '/api/admin/registrations',
    access: 'admin',
    handler: async (req, res) => {
      // A stray DELETE must not wipe the list: the UI sends the confirmation it showed.
      const { confirm } = parse(z.object({ confirm: z.string().optional() }), req.query);
      if (confirm !== 'true') throw new BadRequestError('Add ?confirm=true to clear all registration data.');
      const deleted = await archiveAndDeleteAllRegistrations(db);
      res.json({ deleted });
    },
  },
];
