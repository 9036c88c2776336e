import { type PasswordResetConfirmInput, RESET_MESSAGES } from '@workshop/shared';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { AppError } from '../http/errors';
import { adminPasswordChanged, adminPasswordResetRequested, type SiteOrigin } from './auth.hooks';
import { endHalfFinished, sha256 } from './auth.queries';
import { hashPassword } from './password';
import { assertStrongPassword } from './password-policy';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Someone asks for a reset link for `email` (issue 24, point 5). The answer never depends on it:
 * the caller answers at once, the same for every address, and this runs after. An admin who uses
 * the address gets a single-use link valid for an hour (only its hash is stored); nobody else gets
 * anything. Every failure is logged, never told.
 */
export function requestResetLater(db: Db, logger: Logger, email: string, site: SiteOrigin): void {
  setImmediate(() => {
    requestReset(db, email, site).catch((err: unknown) => logger.error({ err }, 'password reset request failed'));
  });
}

export async function requestReset(db: Db, email: string, site: SiteOrigin): Promise<void> {
  const user = await db('users as u')
    .join('user_roles as r', (j) => j.on('r.user_id', 'u.id').andOnVal('r.role', 'admin'))
    .whereRaw('lower(u.email) = lower(?)', [email])
    .first('u.id', 'u.email');
  if (!user) return;
  await db.transaction((trx) => sendResetLink(trx, user, site, 'asked'));
}

/** A new single-use reset link for the admin (only its hash kept), emailed to them; `why` words the email. */
export async function sendResetLink(trx: Knex.Transaction, user: { id: string; email: string }, site: SiteOrigin, why: 'asked' | 'two_factor_reset'): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await trx('password_resets').insert({ user_id: user.id, token_hash: sha256(token), expires_at: trx.raw(`now() + make_interval(mins => ?)`, [RESET_LINK_MINUTES]) });
  const resetUrl = `${site.publicBaseUrl}/admin/reset-password?token=${token}`;
  await adminPasswordResetRequested.emit(trx, { userId: user.id, email: user.email, resetUrl, site, why });
}

/**
 * A reset link used: the token must be one we sent, unused and under an hour old; the new password
 * must pass the same rules as a change. It sets the password, uses up every link of that admin,
 * ends every session of theirs and signs nobody in. A used, expired or altered link: 400.
 */
export async function confirmReset(db: Db, input: PasswordResetConfirmInput, site: SiteOrigin): Promise<void> {
  const invalid = () => new AppError(400, 'bad_request', RESET_MESSAGES.invalid);
  if (!TOKEN.test(input.token)) throw invalid();
  const hash = sha256(input.token);
  const live = (q: import('knex').Knex.QueryBuilder) => q.where('p.token_hash', hash).whereNull('p.used_at').where('p.expires_at', '>', db.fn.now());
  // Checked and hashed before anything is locked (the hash takes tens of milliseconds).
  const seen = await live(db('password_resets as p').join('users as u', 'u.id', 'p.user_id')).first('p.user_id', 'u.email');
  if (!seen) throw invalid();
  assertStrongPassword(input.new_password, seen.email);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (trx) => {
    // The admin first, then their link: two links of one admin used at once wait in line, never in a deadlock.
    await trx('users').where({ id: seen.user_id }).forUpdate().first('id');
    const reset = await live(trx('password_resets as p')).where('p.user_id', seen.user_id).forUpdate().first('p.id');
    if (!reset) throw invalid();
    await trx('users').where({ id: seen.user_id }).update({ password_hash: passwordHash });
    await trx('password_resets').where({ user_id: seen.user_id }).whereNull('used_at').update({ used_at: trx.fn.now() });
    await trx('sessions').where({ user_id: seen.user_id }).delete();
    await endHalfFinished(trx, seen.user_id);
    await adminPasswordChanged.emit(trx, { userId: seen.user_id, email: seen.email, site, via: 'reset' });
  });
}
