import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { CookieOptions, Request, Response } from 'express';
import { AUTH_MESSAGES, createAdminSchema, loginSchema, loginTwoFactorSchema, type LoginResponse, type SessionUser } from '@workshop/shared';
import { UnauthorizedError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { findSessionUser } from './auth.queries';
import { createAuthService } from './auth.service';
import { SESSION_COOKIE, sessionToken } from './session.middleware';
import { relyingPartyOf } from './webauthn';

export const authRoutes: RouteModule = ({ db, config }) => {
  const rp = relyingPartyOf(config.publicBaseUrl);
  const auth = createAuthService(db, config.SESSION_TTL_HOURS, rp, config.publicBaseUrl);
  // Strict: the admin never needs its cookie on a cross-site request.
  const cookie: CookieOptions = { httpOnly: true, sameSite: 'strict', secure: config.isProduction, path: '/' };
  const device = (req: Request, client: 'web' | 'desktop' | undefined) => ({ client: client ?? 'web', ip: req.ip, userAgent: req.get('user-agent') });
  /** The desktop app sends the token as a Bearer header; a browser keeps it where no script can read it. */
  const answerSignedIn = (res: Response, signed: { user: SessionUser; token: string; expiresAt: Date }, client: 'web' | 'desktop' | undefined) => {
    if (client === 'desktop') return void res.json({ user: signed.user, token: signed.token } satisfies LoginResponse);
    res.cookie(SESSION_COOKIE, signed.token, { ...cookie, expires: signed.expiresAt });
    res.json({ user: signed.user } satisfies LoginResponse);
  };
  return [
    {
      method: 'post',
      path: '/api/auth/login',
      access: 'login',
      handler: async (req, res) => {
        const { client, ...credentials } = parse(loginSchema, req.body);
        const signed = await auth.login(credentials, device(req, client));
        if ('challenge' in signed) return void res.json({ two_factor_required: true, ...signed } satisfies LoginResponse);
        answerSignedIn(res, signed, client);
      },
    },
    {
      // The second step of a sign-in with two-factor on (a code, or a passkey's answer); counted by the login limit.
      method: 'post',
      path: '/api/auth/login/two-factor',
      access: 'login',
      handler: async (req, res) => {
        const { challenge, code, passkey, client } = parse(loginTwoFactorSchema, req.body);
        const proof = passkey ? { passkey: passkey as unknown as AuthenticationResponseJSON } : { code: code! };
        answerSignedIn(res, await auth.loginTwoFactor(challenge, proof, device(req, client)), client);
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
        res.json({ user: { id: user.id, email: user.email, role: user.admin_role, must_set_up_two_factor: user.must_set_up_two_factor } });
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
