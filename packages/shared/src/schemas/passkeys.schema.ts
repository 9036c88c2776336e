import { z } from 'zod';
import { TWO_FACTOR_MESSAGES, twoFactorCodeField } from './admins.schema';

/** Passkeys (WebAuthn) as an admin's second factor (issue 24, point 6). */
export const PASSKEY_MESSAGES = {
  password: 'Enter your password to add a passkey.',
  name: 'Name this passkey (1 to 60 characters), for example "Work laptop".',
  refused: 'The passkey was not accepted. Try again, or use another one.',
  ceremonyGone: 'This passkey set-up has expired. Start again from Settings.',
  notFound: 'Passkey not found',
  tooMany: 'You have 10 passkeys already: remove one first.',
  /** The browser or the desktop window cannot use passkeys here. */
  unsupported: 'This browser cannot use passkeys.',
  handoff: 'Type this code into the desktop app to finish signing in. Never give it to anyone.',
  added: 'Passkey added. You can close this page.',
} as const;

/** How many passkeys one admin may keep. */
export const MAX_PASSKEYS = 10;
/** How long a passkey set-up may take, from the password to the passkey (the desktop hands it to a browser). */
export const PASSKEY_CEREMONY_MINUTES = 10;

const token = (message: string) => z.string({ error: message }).min(1, message).max(100, message);

/**
 * What the browser answers for a passkey (`PublicKeyCredential.toJSON()`), kept as sent: the
 * server's WebAuthn library checks every byte of it.
 */
export const webAuthnResponseSchema = z.looseObject(
  {
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  },
  { error: PASSKEY_MESSAGES.refused },
);

/** POST /api/auth/passkeys/start: the password, so a session left open cannot bind a thief's passkey. */
export const passkeyStartSchema = z.object({ password: z.string({ error: PASSKEY_MESSAGES.password }).min(1, PASSKEY_MESSAGES.password).max(200, 'Password is too long') });
/** POST /api/auth/passkeys/options */
export const passkeyCeremonySchema = z.object({ ceremony: token(PASSKEY_MESSAGES.ceremonyGone) });
/** POST /api/auth/passkeys */
export const passkeyFinishSchema = z.object({
  ceremony: token(PASSKEY_MESSAGES.ceremonyGone),
  name: z.string({ error: PASSKEY_MESSAGES.name }).trim().min(1, PASSKEY_MESSAGES.name).max(60, PASSKEY_MESSAGES.name),
  passkey: webAuthnResponseSchema,
});
export type PasskeyFinishInput = z.infer<typeof passkeyFinishSchema>;
/** DELETE /api/auth/passkeys/:id */
export const passkeyRemoveSchema = z.object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long') });

/** POST /api/auth/login/passkey/options and .../handoff: for the challenge the password step answered. */
export const loginPasskeyOptionsSchema = z.object({ challenge: token(TWO_FACTOR_MESSAGES.challengeGone) });
export const loginPasskeyHandoffSchema = z.object({ challenge: token(TWO_FACTOR_MESSAGES.challengeGone), passkey: webAuthnResponseSchema });

/**
 * POST /api/auth/login/two-factor, for the challenge the password step answered: a TOTP code, a
 * recovery code, the code a passkey showed in the browser (desktop), or a passkey's answer (web).
 */
export const loginTwoFactorSchema = z
  .object({
    challenge: token(TWO_FACTOR_MESSAGES.challengeGone),
    code: twoFactorCodeField.optional(),
    passkey: webAuthnResponseSchema.optional(),
    client: z.enum(['web', 'desktop']).optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.passkey === undefined), { message: TWO_FACTOR_MESSAGES.code, path: ['code'] });
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;

/** POST /api/auth/login/passkey/options: the WebAuthn options, and where the sign-in came from (shown by the page confirming a desktop sign-in). */
export const loginPasskeyOptionsResponseSchema = z.object({
  options: z.looseObject({ challenge: z.string() }),
  sign_in: z.object({ client: z.enum(['web', 'desktop']).nullable(), ip: z.string().nullable(), started_at: z.string() }),
});
export type LoginPasskeyOptions = z.infer<typeof loginPasskeyOptionsResponseSchema>;

/** One of the signed-in admin's passkeys (GET /api/auth/passkeys). */
export const adminPasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AdminPasskey = z.infer<typeof adminPasskeySchema>;
export const adminPasskeyListSchema = z.object({ items: z.array(adminPasskeySchema) });

/** The set-up's token and, for the desktop app, the page of the site where a browser finishes it. */
export const passkeyStartResponseSchema = z.object({ ceremony: z.string(), browser_url: z.string() });
/** Added: `recovery_codes` when this passkey turned two-factor sign-in on (shown once), else null. */
export const passkeyAddedSchema = z.object({ passkey: adminPasskeySchema, recovery_codes: z.array(z.string()).nullable() });

/** GET /api/auth/two-factor */
export const twoFactorStatusSchema = z.object({
  /** Any second factor: an authenticator app or a passkey. */
  enabled: z.boolean(),
  totp: z.boolean(),
  passkeys: z.number(),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
