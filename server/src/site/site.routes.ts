import { DEFAULT_PREVIEW_VIDEO_URL, type PublicSiteState } from '@workshop/shared';
import type { RouteModule } from '../http/route';
import { readSetting } from '../settings/settings.queries';

export const siteRoutes: RouteModule = ({ db, logger, config }) => [
  {
    method: 'get',
    path: '/api/health',
    access: 'public',
    handler: async (_req, res) => {
      try {
        await db.raw('select 1');
        res.json({ status: 'ok' });
      } catch (err) {
        logger.warn({ err }, 'health check: database not answering');
        res.status(503).json({ error: { code: 'internal', message: 'Database unavailable' } });
      }
    },
  },
  {
    method: 'get',
    path: '/api/site',
    access: 'public',
    handler: async (_req, res) => {
      const body: PublicSiteState = {
        maintenance: await readSetting(db, 'site_maintenance'),
        preview_video_url: config.PREVIEW_VIDEO_URL ?? DEFAULT_PREVIEW_VIDEO_URL,
      };
      res.json(body);
    },
  },
];
