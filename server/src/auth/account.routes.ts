import { changePasswordSchema, totpConfirmSchema, totpDisableSchema, totpStartSchema } from '@workshop/shared';
import { z } from 'zod';
import { createLimiters } from '../http/rate-limit';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { changePassword, endOtherSessions, endSession, sessionsOf } from './account.service';
import { confirmTotp, disableTotp, startTotp, twoFactorStatus } from './two-factor.service';

const idParam = z.object({ id: z.uuid('Session not found') });

/** The signed-in admin's own account (issue 24): password and sessions. Staff manage their own too. */
export const accountRoutes: RouteModule = ({ db, config }) => {
  // A session alone must not become a way to guess the password: wrong ones are counted per admin, across instances.
  const wrongPasswords = createLimiters(db)({
    name: 'password-check',
    max: 10,
    windowSeconds: 900,
    message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
    keyOf: (req) => req.admin?.id ?? 'none',
    countsWhen: (status) => status === 422,
  });
  return [
  {
    method: 'post',
    path: '/api/auth/password',
    access: 'admin',
    staff: true,
    handler: [
      wrongPasswords,
      async (req, res) => {
        const site = { publicBaseUrl: config.publicBaseUrl, from: { email: config.EMAIL_FROM, name: config.EMAIL_FROM_NAME } };
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
    handler: async (req, res) => {
      // The recovery codes are in this answer only: shown once, kept hashed.
      res.json({ recovery_codes: await confirmTotp(db, req.admin!, parse(totpConfirmSchema, req.body).code) });
    },
  },
  {
    method: 'delete',
    path: '/api/auth/two-factor',
    access: 'admin',
    staff: true,
    handler: [
      wrongPasswords,
      async (req, res) => {
        await disableTotp(db, req.admin!, parse(totpDisableSchema, req.body).password);
        res.status(204).end();
      },
    ],
  },
];
};
