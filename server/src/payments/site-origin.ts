import type { Request } from 'express';
import type { Config } from '../config';

/**
 * Origin for the buyer's return URLs: PUBLIC_BASE_URL when set (production requires it);
 * otherwise the origin the buyer's own request came to, so a server on port 0 (tests)
 * or behind a dev proxy still sends the browser back to itself.
 */
export function siteOrigin(config: Config, req: Request): string {
  if (config.PUBLIC_BASE_URL) return config.publicBaseUrl;
  return `${req.protocol}://${req.get('host') ?? `localhost:${config.PORT}`}`;
}
