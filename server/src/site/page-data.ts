import type { Config } from '../config';
import type { Db } from '../db/knex';
import { singleFlight } from '../http/single-flight';
import { listPublicWorkshops } from '../workshops/workshops.queries';
import { readPublicSiteState } from './site.routes';
import type { PageData } from './static-site';

/**
 * The live data of a public page (the same as GET /api/workshops and GET /api/site answer),
 * read for every page view: page views at the same moment share the queries in flight, and
 * nothing is kept, so a page never shows seats or prices older than its own request.
 */
export function pageDataReader(db: Db, config: Config): () => Promise<PageData> {
  const workshops = singleFlight(() => listPublicWorkshops(db));
  const site = singleFlight(() => readPublicSiteState(db, config));
  return async () => {
    const [w, s] = await Promise.all([workshops(), site()]);
    return { workshops: w, site: s };
  };
}
