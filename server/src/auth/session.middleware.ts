import type { Request, RequestHandler } from 'express';
import { ADMINS_MESSAGES, type AdminRole, type SessionUser, TWO_FACTOR_MESSAGES } from '@workshop/shared';
import type { Db } from '../db/knex';
import { AppError, ForbiddenError, UnauthorizedError } from '../http/errors';
import { findSessionUser, touchSession } from './auth.queries';

export const SESSION_COOKIE = 'wk_session';

/** What an admin who must set up two-factor sign-in may still reach: setting it up, and their own password and sessions. */
const SET_UP_PATHS = new Set(['/api/auth/two-factor', '/api/auth/two-factor/totp', '/api/auth/two-factor/totp/confirm', '/api/auth/passkeys', '/api/auth/passkeys/start', '/api/auth/password', '/api/auth/sessions']);
const mayReachBeforeSetUp = (path: string) => SET_UP_PATHS.has(path) || /^\/api\/auth\/sessions\/[^/]+$/.test(path);

declare module 'express-serve-static-core' {
  interface Request {
    admin?: SessionUser;
    sessionToken?: string;
  }
}

/** The web admin sends the httpOnly cookie; the desktop app sends `Authorization: Bearer`. */
export function sessionToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const cookie = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  return cookie || undefined;
}

/**
 * Checked on every /api/admin route: 401 without a live session, 403 without the admin role, and
 * 403 for staff on a route only an owner may use (`need`).
 */
export function requireAdmin(db: Db, unauthorizedMessage?: string, need: AdminRole = 'owner'): RequestHandler {
  return async (req, _res, next) => {
    const token = sessionToken(req);
    if (!token) throw new UnauthorizedError(unauthorizedMessage);
    const user = await findSessionUser(db, token);
    if (!user) throw new UnauthorizedError('Your session has expired. Please sign in again.');
    if (!user.is_admin) throw new ForbiddenError();
    // Two-factor required and not set up: only setting it up is open (issue 24).
    if (user.must_set_up_two_factor && !mayReachBeforeSetUp(req.path)) throw new AppError(403, 'forbidden', TWO_FACTOR_MESSAGES.setUpFirst);
    if (need === 'owner' && user.admin_role !== 'owner') throw new ForbiddenError(ADMINS_MESSAGES.ownerOnly);
    req.admin = { id: user.id, email: user.email, role: user.admin_role };
    req.sessionToken = token;
    await touchSession(db, token);
    next();
  };
}
