import type { PublicWorkshop, SiteState } from '@workshop/shared';
import { createHttp, type ClientOptions, type Http } from './http';

/** What every public page reads live: the site's state and the workshops on sale. */
export function livePaths(http: Http) {
  return {
    site: {
      health: () => http.json<{ status: 'ok' }>('GET', '/api/health'),
      state: () => http.json<SiteState>('GET', '/api/site'),
    },
    workshops: {
      list: () => http.json<PublicWorkshop[]>('GET', '/api/workshops'),
    },
  };
}

/** Only the live reads: a page's first bundle carries nothing else of the API (public.client.ts has the rest). */
export function createLiveClient(options: ClientOptions = {}) {
  return livePaths(createHttp(options));
}
