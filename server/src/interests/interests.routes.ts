import {
  interestCsvColumns,
  interestCsvFileName,
  interestListQuerySchema,
  interestStatusUpdateSchema,
  interestSubmissionSchema,
  type EmailList,
  type InterestList,
} from '@workshop/shared';
import { streamCsv } from '../http/csv-stream';
import { pageOf } from '../http/paging';
import type { RouteModule } from '../http/route';
import { timeZoneSchema } from '../http/time-zone';
import { parse, parseId } from '../http/validate';
import { countInterests, filteredInterests, interestEmails, interestSummary, toInterest } from './interests.queries';
import { changeInterestStatus, submitInterest } from './interests.service';

const listQuery = interestListQuerySchema.extend({ tz: timeZoneSchema });

export const interestRoutes: RouteModule = ({ db }) => [
  {
    method: 'post',
    path: '/api/interests',
    access: 'form',
    handler: async (req, res) => {
      // A form that names no source is the plain interest form (SPEC §5's first form).
      const body: unknown = req.body && typeof req.body === 'object' && !('source' in req.body) ? { ...req.body, source: 'interest' } : req.body;
      const interest = await submitInterest(db, parse(interestSubmissionSchema, body));
      res.status(201).json({ id: interest.id, status: interest.status });
    },
  },
  {
    method: 'get',
    path: '/api/admin/interests',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status, page, pageSize, tz } = parse(listQuery, req.query);
      const [rows, total, summary] = await Promise.all([
        pageOf(filteredInterests(db, { q, status }), page, pageSize),
        countInterests(db, { q, status }),
        interestSummary(db, tz),
      ]);
      const body: InterestList = { items: rows.map(toInterest), total, summary };
      res.json(body);
    },
  },
  {
    method: 'get',
    path: '/api/admin/interests/export.csv',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status } = parse(listQuery, req.query);
      await streamCsv(res, interestCsvFileName(), interestCsvColumns, filteredInterests(db, { q, status }), toInterest);
    },
  },
  {
    method: 'get',
    path: '/api/admin/interests/emails',
    access: 'admin',
    handler: async (req, res) => {
      const { q, status } = parse(listQuery, req.query);
      const body: EmailList = { emails: await interestEmails(db, { q, status }) };
      res.json(body);
    },
  },
  {
    method: 'patch',
    path: '/api/admin/interests/:id',
    access: 'admin',
    handler: async (req, res) => {
      const id = parseId(req.params.id, 'Interest not found');
      const { status } = parse(interestStatusUpdateSchema, req.body);
      res.json(await changeInterestStatus(db, id, status));
    },
  },
];
