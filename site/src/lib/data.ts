import type { PublicSiteState, PublicWorkshop } from '@workshop/shared';
import { ApiError, createLiveClient } from '@workshop/api-client';
import { pageData } from './page-data';
import { createLoader } from './store';

// The full client (lib/api.ts) comes with the forms and dialogs that need it.
const live = createLiveClient();

export { activeWorkshop, heroWorkshop, otherWorkshops } from '@workshop/shared';

export const workshopsStore = createLoader<PublicWorkshop[]>(
  () => live.workshops.list(),
  (e) => (e instanceof ApiError && e.status >= 500 ? 'Failed to load workshop data' : e instanceof ApiError ? e.message : 'An unexpected error occurred'),
  pageData().workshops,
);

export const siteStore = createLoader<PublicSiteState>(
  () => live.site.state() as Promise<PublicSiteState>,
  () => 'Failed to load site status',
  pageData().site,
);

// A page restored from the back-forward cache shows what it showed when it was left: seats and
// prices may have changed since, so they are asked for again at once (the old ones stay until then).
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    workshopsStore.reload();
    siteStore.reload();
  });
}

export function isSoldOut(w: PublicWorkshop): boolean {
  return w.seats_left === 0;
}

/** The community and social links an admin has set (none until the server answers). */
export function useSiteLinks(): PublicSiteState['links'] {
  const s = siteStore.use();
  return s.status === 'ready' ? (s.data.links ?? {}) : {};
}

/** Maintenance is on only once the server said so; a failed status check never hides the forms. */
export function useMaintenance(): { enabled: boolean; message: string } {
  const s = siteStore.use();
  return s.status === 'ready' && s.data.maintenance.enabled ? s.data.maintenance : { enabled: false, message: '' };
}
