import { registrationCsvColumns, registrationCsvFileName, registrationListQuerySchema, type EmailList, type RegistrationList } from '@workshop/shared';
import { z } from 'zod';
import { BadRequestError } from '../http/errors';
import { streamCsv } from '../http/csv-stream';
import type { RouteModule } from '../http/route';
import { timeZoneSchema } from '../http/time-zone';
import { parse } from '../http/validate';
import {
  archiveAndDeleteAllRegistrations,
  countRegistrations,
  filteredSeats,
  registrationEmails,
  registrationsPage,
  registrationSummary,
  seatsOf,
  toCsvRow,
  toRegistration,
} from './registrations.queries';

const listQuery = registrationListQuerySchema.extend({ tz: timeZoneSchema });
/** Past this many rows into the list a page waits for the total, to read from the nearer end. */
const DEEP_OFFSET = 5000;

export const registrationRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/registrations',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status, workshop_id, page, pageSize, tz } = parse(listQuery, req.query);
      const filter = { q, status, workshop_id };
      const counting = countRegistrations(db, filter);
      // Deep in the list the page is read from whichever end of the index is nearer (needs the total).
      const deep = (page - 1) * pageSize >= DEEP_OFFSET;
      const [rows, total, summary] = await Promise.all([
        deep ? counting.then((n) => registrationsPage(db, filter, page, pageSize, n)) : registrationsPage(db, filter, page, pageSize),
        counting,
        registrationSummary(db, tz),
      ]);
      const seats = await seatsOf(db, rows.map((r: { id: string }) => r.id));
      const body: RegistrationList = { items: rows.map((r: Record<string, unknown>) => toRegistration(r, seats.get(r.id as string))), total, summary };
      res.json(body);
    },
  },
  {
    method: 'get',
    path: '/api/admin/registrations/export.csv',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status, workshop_id } = parse(listQuery, req.query);
      await streamCsv(res, registrationCsvFileName(), registrationCsvColumns, filteredSeats(db, { q, status, workshop_id }), toCsvRow);
    },
  },
  {
    method: 'get',
    path: '/api/admin/registrations/emails',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status, workshop_id } = parse(listQuery, req.query);
      const body: EmailList = { emails: await registrationEmails(db, { q, status, workshop_id }) };
      res.json(body);
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
      res.json(await archiveAndDeleteAllRegistrations(db));
    },
  },
];
