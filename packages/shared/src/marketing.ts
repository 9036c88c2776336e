import type { SiteState } from './schemas/dto.schema';

/** The preview gate's video until PREVIEW_VIDEO_URL says otherwise (an embeddable player URL). */
export const DEFAULT_PREVIEW_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/ysz5S6PUM-U';

/** GET /api/site: maintenance state plus the public site's configurable bits. */
export type PublicSiteState = SiteState & { preview_video_url: string };
