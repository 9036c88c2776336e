import type { RequestHandler } from 'express';
import { ForbiddenError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Defence in depth beside the SameSite=Strict cookie: a browser write to the admin API
 * must come from our own origin. The desktop app (Bearer, no cookie) is not a browser page.
 */
export function sameOriginWrites(publicBaseUrl: string): RequestHandler {
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (SAFE.has(req.method) || !origin || req.get('authorization')?.startsWith('Bearer ')) return next();
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    const allowed = origin === new URL(publicBaseUrl).origin || (originHost !== undefined && originHost === req.get('host'));
    if (!allowed) throw new ForbiddenError('Cross-site requests to the admin API are not allowed.');
    next();
  };
}
