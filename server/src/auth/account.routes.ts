import { changePasswordSchema, totpConfirmSchema, totpDisableSchema, totpStartSchema } from '@workshop/shared';
import { z } from 'zod';
import type { RouteModule } from '../http/route';
import { siteOrigin } from './auth.hooks';
import { parse } from '../http/validate';
import { changePassword, endOtherSessions, endSession, sessionsOf } from './account.service';
import { passwordCheckLimit, totpConfirmLimit } from './password-check.limit';
import { confirmTotp, disableTotp, startTotp, twoFactorStatus } from './two-factor.service';

const idParam = z.object({ id: z.uuid('Session not found') });

/** The signed-in admin's own account (issue 24): password and sessions. Staff manage their own too. */
export const accountRoutes: RouteModule = ({ db, config }) => {
  const wrongPasswords = passwordCheckLimit(db);
  const wrongCodes = totpConfirmLimit(db);
  return [
  {
    method: 'post',
    path: '/api/auth/password',
    access: 'admin',
    staff: true,
    handler: [
      wrongPasswords,
      async (req, res) => {
        const site = siteOrigin(config);
        await changePassword(db, req.admin!, req.sessionToken!, parse(changePasswordSchema, req.body), site);
        res.status(204).end();
      },
    ],
  },
  {
    method: 'get',
    path: '/api/auth/sessions',
    access: 'admin',
    handler: async (req, res) => {
      res.json({ items: await sessionsOf(db, req.admin!.id, req.sessionToken!) });
    },
  },
  {
    method: 'delete',
    path: '/api/auth/sessions/:id',
    access: 'admin',
    staff: true,
    handler: async (req, res) => {
      await endSession(db, req.admin!.id, parse(idParam, req.params).id);
      res.status(204).end();
    },
  },
  {
    // Sign out everywhere else.
    method: 'delete',
    path: '/api/auth/sessions',
    access: 'admin',
    staff: true,
    handler: async (req, res) => {
      res.json({ ended: await endOtherSessions(db, req.admin!.id, req.sessionToken!) });
    },
  },
  {
    method: 'get',
    path: '/api/auth/two-factor',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await twoFactorStatus(db, req.admin!.id));
    },
  },
  {
    // Two-factor sign-in (issue 24, point 6): a new secret for the authenticator app (the QR code's URL and the secret as text).
    method: 'post',
    path: '/api/auth/two-factor/totp',
    access: 'admin',
    staff: true,
    handler: [
      wrongPasswords,
      async (req, res) => {
        res.json(await startTotp(db, req.admin!, parse(totpStartSchema, req.body).password));
      },
    ],
  },
  {
    method: 'post',
    path: '/api/auth/two-factor/totp/confirm',
    access: 'admin',
    staff: true,
    handler: [
      wrongCodes,
      async (req, res) => {
        // The recovery codes are in this answer only: shown once, kept hashed.
        res.json({ recovery_codes: await confirmTotp(db, req.admin!, parse(totpConfirmSchema, req.body).code, siteOrigin(config)) });
      },
    ],
  },
  {
    method: 'delete',
    path: '/api/auth/two-factor',
    access: 'admin',
    staff: true,
    handler: [
      wrongPasswords,
      async (req, res) => {
        await disableTotp(db, req.admin!, parse(totpDisableSchema, req.body).password, siteOrigin(config));
        res.status(204).end();
      },
    ],
  },
];
};
