import type { CookieOptions } from 'express';
import { AUTH_MESSAGES, createAdminSchema, loginSchema, type LoginResponse } from '@workshop/shared';
import { UnauthorizedError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { findSessionUser } from './auth.queries';
import { createAuthService } from './auth.service';
import { SESSION_COOKIE, sessionToken } from './session.middleware';

export const authRoutes: RouteModule = ({ db, config }) => {
  const auth = createAuthService(db, config.SESSION_TTL_HOURS);
  // Strict: the admin never needs its cookie on a cross-site request.
  const cookie: CookieOptions = { httpOnly: true, sameSite: 'strict', secure: config.isProduction, path: '/' };
  return [
    {
      method: 'post',
      path: '/api/auth/login',
      access: 'login',
      handler: async (req, res) => {
        const { client, ...credentials } = parse(loginSchema, req.body);
        const { user, token, expiresAt } = await auth.login(credentials, { client: client ?? 'web', ip: req.ip, userAgent: req.get('user-agent'), idleHours: config.SESSION_IDLE_HOURS });
        // The desktop app sends the token as a Bearer header; a browser keeps it where no script can read it.
        if (client === 'desktop') return void res.json({ user, token } satisfies LoginResponse);
        res.cookie(SESSION_COOKIE, token, { ...cookie, expires: expiresAt });
        res.json({ user } satisfies LoginResponse);
      },
    },
    {
      method: 'post',
      path: '/api/auth/logout',
      access: 'public',
      handler: async (req, res) => {
        const token = sessionToken(req);
        if (token) await auth.logout(token);
        res.clearCookie(SESSION_COOKIE, cookie);
        res.status(204).end();
      },
    },
    {
      method: 'get',
      path: '/api/auth/session',
      access: 'public',
      handler: async (req, res) => {
        const token = sessionToken(req);
        const user = token ? await findSessionUser(db, token) : undefined;
        if (!user || !user.is_admin) throw new UnauthorizedError();
        res.json({ user: { id: user.id, email: user.email, role: user.admin_role } });
      },
    },
    {
      method: 'post',
      path: '/api/admin/users',
      access: 'admin',
      unauthorizedMessage: AUTH_MESSAGES.mustBeLoggedIn,
      handler: async (req, res) => {
        const created = await auth.createAdmin(parse(createAdminSchema, req.body));
        res.status(201).json({ email: created.email });
      },
    },
  ];
};
