import type { SiteState } from './schemas/dto.schema';
import type { Settings, SiteLinks } from './schemas/settings.schema';

/** The preview gate's video until PREVIEW_VIDEO_URL says otherwise (an embeddable player URL). */
export const DEFAULT_PREVIEW_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/ysz5S6PUM-U';

/** GET /api/site: maintenance state plus the public site's configurable bits. */
export type PublicSiteState = SiteState & {
  preview_video_url: string;
  /** Only the links an admin has set: a control without one is not shown. */
  links: Partial<SiteLinks>;
  /** What the seller calls its tax ID (for example GSTIN): the registration form asks for the buyer's by this name. */
  tax_id_label: string;
  /** How long personal data is kept: the privacy page says what the retention job does. */
  retention: Settings['retention'];
};
