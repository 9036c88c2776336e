import type { Request, RequestHandler } from 'express';
import { ADMINS_MESSAGES, type AdminRole, type SessionUser } from '@workshop/shared';
import type { Db } from '../db/knex';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { findSessionUser, touchSession } from './auth.queries';

export const SESSION_COOKIE = 'wk_session';

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
    if (need === 'owner' && user.admin_role !== 'owner') throw new ForbiddenError(ADMINS_MESSAGES.ownerOnly);
    req.admin = { id: user.id, email: user.email, role: user.admin_role };
    req.sessionToken = token;
    await touchSession(db, token);
    next();
  };
}
