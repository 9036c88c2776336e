import type { AdminWaitlist, WaitlistJoinInput, WaitlistJoinResponse, WaitlistOffer } from '@workshop/shared';
import type { Http } from './http';

/** The public waitlist: join a full or closed workshop, open an offer link, leave from the email. */
export function waitlistClient(http: Http) {
  return {
    join: (workshopId: string, input: WaitlistJoinInput) => http.json<WaitlistJoinResponse>('POST', `/api/workshops/${encodeURIComponent(workshopId)}/waitlist`, input),
    offer: (token: string) => http.json<WaitlistOffer>('GET', '/api/waitlist/offer', undefined, { token }),
    leave: (token: string) => http.json<{ workshop_title: string; message: string }>('POST', '/api/waitlist/leave', { token }),
  };
}

/** The admin's view of one workshop's line, and offering a seat by hand. */
export function waitlistAdminClient(http: Http) {
  const path = (workshopId: string) => `/api/admin/workshops/${encodeURIComponent(workshopId)}/waitlist`;
  return {
    waitlist: {
      list: (workshopId: string) => http.json<AdminWaitlist>('GET', path(workshopId)),
      offer: (workshopId: string, entryId: string) => http.json<AdminWaitlist>('POST', `${path(workshopId)}/${encodeURIComponent(entryId)}/offer`),
    },
  };
}
