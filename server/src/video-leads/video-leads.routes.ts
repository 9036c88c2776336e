import { videoLeadCsvColumns, videoLeadCsvFileName, videoLeadListQuerySchema, videoLeadSchema, type EmailList, type VideoLeadList } from '@workshop/shared';
import { streamCsv } from '../http/csv-stream';
import { ValidationError } from '../http/errors';
import { pageOf } from '../http/paging';
import type { RouteModule } from '../http/route';
import { timeZoneSchema } from '../http/time-zone';
import { parse } from '../http/validate';
import { countVideoLeads, filteredVideoLeads, toVideoLead, videoLeadEmails, videoLeadSummary } from './video-leads.queries';

const listQuery = videoLeadListQuerySchema.extend({ tz: timeZoneSchema });

export const videoLeadRoutes: RouteModule = ({ db }) => [
  {
    method: 'post',
    path: '/api/video-leads',
    access: 'form',
    handler: async (req, res) => {
      const lead = parse(videoLeadSchema, req.body);
      try {
        const [row] = await db('video_leads').insert(lead).returning('id');
        res.status(201).json({ id: row.id });
      } catch (err) {
        if ((err as { code?: string }).code === '23503') {
          throw new ValidationError('Workshop not found', { workshop_id: 'Workshop not found' });
        }
        throw err;
      }
    },
  },
  {
    method: 'get',
    path: '/api/admin/video-leads',
    access: 'admin',
    handler: async (req, res) => {
      const { q, page, pageSize, tz } = parse(listQuery, req.query);
      const [rows, total, summary] = await Promise.all([
        pageOf(filteredVideoLeads(db, { q }), page, pageSize),
        countVideoLeads(db, { q }),
        videoLeadSummary(db, tz),
      ]);
      const body: VideoLeadList = { items: rows.map(toVideoLead), total, summary };
      res.json(body);
    },
  },
  {
    method: 'get',
    path: '/api/admin/video-leads/export.csv',
    access: 'admin',
    handler: async (req, res) => {
      const { q } = parse(listQuery, req.query);
      await streamCsv(res, videoLeadCsvFileName(), videoLeadCsvColumns, filteredVideoLeads(db, { q }), toVideoLead);
    },
  },
  {
    method: 'get',
    path: '/api/admin/video-leads/emails',
    access: 'admin',
    handler: async (req, res) => {
      const { q } = parse(listQuery, req.query);
      const body: EmailList = { emails: await videoLeadEmails(db, { q }) };
      res.json(body);
    },
  },
];
