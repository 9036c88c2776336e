import { DEFAULT_PREVIEW_VIDEO_URL, type PublicSiteState } from '@workshop/shared';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { RouteModule } from '../http/route';
import { readTaxIdLabel } from '../settings/invoicing-settings.queries';
import { readSetting } from '../settings/settings.queries';

/** What every public page needs to know of the site's settings (GET /api/site, and each page's HTML). */
export async function readPublicSiteState(db: Db, config: Config): Promise<PublicSiteState> {
  const [maintenance, links, refundPolicy, taxIdLabel, retention] = await Promise.all([
    readSetting(db, 'site_maintenance'),
    readSetting(db, 'site_links'),
    readSetting(db, 'refund_policy'),
    readTaxIdLabel(db),
    readSetting(db, 'retention'),
  ]);
  return {
    maintenance,
    refund_policy: refundPolicy,
    preview_video_url: config.PREVIEW_VIDEO_URL ?? DEFAULT_PREVIEW_VIDEO_URL,
    links: Object.fromEntries(Object.entries(links).filter(([, url]) => typeof url === 'string' && url !== '')),
    tax_id_label: taxIdLabel,
    retention,
  };
}

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
      res.json(await readPublicSiteState(db, config));
    },
  },
];
