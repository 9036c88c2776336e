import type { Db } from '../db/knex';
import { createLimiters } from '../http/rate-limit';

/**
 * Wrong passwords typed inside a session (changing it, setting up or turning off a second factor,
 * removing a passkey), counted per admin across instances: a session alone must not become a way
 * to guess the password. Every route that checks the password shares this one count.
 */
export const passwordCheckLimit = (db: Db) => wrongAnswerLimit(db, 'password-check', 'Too many wrong passwords. Please wait 15 minutes and try again.');

/** Wrong codes confirming a new authenticator app, per admin: a stolen session must not guess its way to a pending secret. */
export const totpConfirmLimit = (db: Db) => wrongAnswerLimit(db, 'totp-confirm', 'Too many wrong codes. Please wait 15 minutes and try again.');

const wrongAnswerLimit = (db: Db, name: string, message: string) =>
  createLimiters(db)({
    name,
    max: 10,
    windowSeconds: 900,
    message,
    keyOf: (req) => req.admin?.id ?? 'none',
    countsWhen: (status) => status === 400,
  });
