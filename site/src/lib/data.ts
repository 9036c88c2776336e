import type { PublicSiteState, PublicWorkshop } from '@workshop/shared';
import { api, ApiError } from './api';
import { createLoader } from './store';

export const workshopsStore = createLoader<PublicWorkshop[]>(
  () => api.workshops.list(),
  (e) => (e instanceof ApiError && e.status >= 500 ? 'Failed to load workshop data' : e instanceof ApiError ? e.message : 'An unexpected error occurred'),
);

export const siteStore = createLoader<PublicSiteState>(
  () => api.site.state() as Promise<PublicSiteState>,
  () => 'Failed to load site status',
);

/** SPEC §4: the first workshop (date ascending) whose registration is open. */
export function activeWorkshop(list: PublicWorkshop[]): PublicWorkshop | undefined {
  return list.find((w) => w.is_active && w.registration_open);
}

/** The hero shows the active workshop, else the next one with its closed state (so visitors see why). */
export function heroWorkshop(list: PublicWorkshop[]): PublicWorkshop | undefined {
  return activeWorkshop(list) ?? list[0];
}

export function isSoldOut(w: PublicWorkshop): boolean {
  return w.seats_left === 0;
}

/** Maintenance is on only once the server said so; a failed status check never hides the forms. */
export function useMaintenance(): { enabled: boolean; message: string } {
  const s = siteStore.use();
  return s.status === 'ready' && s.data.maintenance.enabled ? s.data.maintenance : { enabled: false, message: '' };
}
