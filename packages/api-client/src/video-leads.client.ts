import type { EmailList, VideoLeadList, VideoLeadListQuery } from '@workshop/shared';
import { toQueryString, type Http, type Query } from './http';

/** The preview gate's leads in the admin: listed like interests, with Export CSV and Email All. */
export function videoLeadsAdminClient(http: Http, viewerZone: () => string) {
  return {
    videoLeads: {
      list: (query: VideoLeadListQuery & { tz?: string } = {}) =>
        http.json<VideoLeadList>('GET', '/api/admin/video-leads', undefined, { tz: viewerZone(), ...query } as Query),
      exportCsv: (query: VideoLeadListQuery = {}) => http.text('GET', '/api/admin/video-leads/export.csv', query as Query),
      exportCsvUrl: (query: VideoLeadListQuery = {}) => `${http.base}/api/admin/video-leads/export.csv${toQueryString(query as Query)}`,
      emails: (query: VideoLeadListQuery = {}) => http.json<EmailList>('GET', '/api/admin/video-leads/emails', undefined, query as Query),
    },
  };
}
