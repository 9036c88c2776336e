import type { PrivacyOnBehalfInput, PrivacyOnBehalfResult, PrivacyRequestList, RetentionPreview } from '@workshop/shared';
import type { Http } from './http';

/** The owners' privacy requests (issue 27, point 3): the list, and a request run on a person's behalf. */
export function privacyAdminClient(http: Http) {
  return {
    privacy: {
      list: () => http.json<PrivacyRequestList>('GET', '/api/admin/privacy/requests'),
      runOnBehalf: (input: PrivacyOnBehalfInput) => http.json<PrivacyOnBehalfResult>('POST', '/api/admin/privacy/requests', input),
      /** What the daily retention run would do now (issue 27, point 1). */
      retention: () => http.json<RetentionPreview>('GET', '/api/admin/privacy/retention'),
    },
  };
}
