import type { Funnel, FunnelQuery } from '@workshop/shared';
import { funnelShape } from './answer-shapes';
import type { Http } from './http';
import { parsedLater, parsedShape } from './parsed';

/** The buyer's checkout-recovery links (public). */
export function recoveryClient(http: Http) {
  return {
    /** What the follow-up link reopens: the workshop and the details typed last time. */
    open: (token: string) => http.json<unknown>('GET', `/api/recovery/${encodeURIComponent(token)}`).then(parsedLater((s) => s.recoveryPrefillSchema)),
    unsubscribe: (token: string) => http.json<{ message: string }>('POST', '/api/recovery/unsubscribe', { token }),
  };
}

/** The admin's funnel for a period of whole days in the viewer's time zone. */
export function funnelClient(http: Http, viewerZone: () => string) {
  return {
    get: (query: FunnelQuery = {}) => http.json<unknown>('GET', '/api/admin/funnel', undefined, { tz: viewerZone(), ...query }).then(parsedShape<Funnel>(funnelShape)),
  };
}
