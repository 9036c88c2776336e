import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { loginPasskeyHandoffSchema, loginPasskeyOptionsSchema, passkeyCeremonySchema, passkeyFinishSchema, passkeyRemoveSchema, passkeyStartSchema, PASSKEY_MESSAGES } from '@workshop/shared';
import { z } from 'zod';
import { AppError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { siteOrigin } from './auth.hooks';
import { parse } from '../http/validate';
import { challengePasskeyOptions, handoffPasskey } from './login-challenge.service';
import { passwordCheckLimit } from './password-check.limit';
import { finishEnrolment, listPasskeys, registrationOptions, removePasskey, startEnrolment } from './passkeys.service';
import { relyingPartyOf } from './webauthn';

const idParam = z.object({ id: z.uuid(PASSKEY_MESSAGES.notFound) });

/**
 * Passkeys as a second factor (issue 24, point 6). Adding one starts in the admin (with the
 * password); its two WebAuthn steps are named by the set-up token, so a browser the desktop app
 * opened can finish them. Signing in with one answers the challenge of the password step.
 */
export const passkeysRoutes: RouteModule = ({ db, config }) => {
  const rp = relyingPartyOf(config.publicBaseUrl);
  const wrongPasswords = passwordCheckLimit(db);
  return [
    {
      method: 'get',
      path: '/api/auth/passkeys',
      access: 'admin',
      handler: async (req, res) => {
        res.json({ items: await listPasskeys(db, req.admin!.id) });
      },
    },
    {
      method: 'post',
      path: '/api/auth/passkeys/start',
      access: 'admin',
      staff: true,
      handler: [
        wrongPasswords,
        async (req, res) => {
          res.json(await startEnrolment(db, req.admin!.id, parse(passkeyStartSchema, req.body).password, config.publicBaseUrl));
        },
      ],
    },
    {
      // The set-up token is the credential here (no session in a browser the desktop app opened); counted by the login limit.
      method: 'post',
      path: '/api/auth/passkeys/options',
      access: 'login',
      handler: async (req, res) => {
        res.json(await registrationOptions(db, rp, parse(passkeyCeremonySchema, req.body).ceremony));
      },
    },
    {
      method: 'post',
      path: '/api/auth/passkeys',
      access: 'login',
      handler: async (req, res) => {
        const { ceremony, name, passkey } = parse(passkeyFinishSchema, req.body);
        res.status(201).json(await finishEnrolment(db, rp, ceremony, name, passkey as unknown as RegistrationResponseJSON, siteOrigin(config)));
      },
    },
    {
      method: 'delete',
      path: '/api/auth/passkeys/:id',
      access: 'admin',
      staff: true,
      handler: [
        wrongPasswords,
        async (req, res) => {
          const { id } = parse(idParam, req.params);
          await removePasskey(db, req.admin!, id, parse(passkeyRemoveSchema, req.body).password, siteOrigin(config));
          res.json({ items: await listPasskeys(db, req.admin!.id) });
        },
      ],
    },
    {
      // The passkey step of a sign-in: what the browser asks the admin's passkeys to sign.
      method: 'post',
      path: '/api/auth/login/passkey/options',
      access: 'login',
      handler: async (req, res) => {
        res.json(await challengePasskeyOptions(db, rp, parse(loginPasskeyOptionsSchema, req.body).challenge));
      },
    },
    {
      // For the desktop app: the passkey signed in a browser, which shows the code to type into the app.
      method: 'post',
      path: '/api/auth/login/passkey/handoff',
      access: 'login',
      handler: async (req, res) => {
        const { challenge, passkey } = parse(loginPasskeyHandoffSchema, req.body);
        const code = await handoffPasskey(db, rp, challenge, passkey as unknown as AuthenticationResponseJSON);
        if (!code) throw new AppError(401, 'unauthorized', PASSKEY_MESSAGES.refused);
        res.json({ code });
      },
    },
  ];
};
