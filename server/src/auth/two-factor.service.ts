import { RECOVERY_CODE_COUNT, TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/knex';
import { AppError, ConflictError, ValidationError } from '../http/errors';
import { sha256 } from './auth.queries';
import { verifyPassword } from './password';

/** What the authenticator app shows the account as. */
const ISSUER = 'NoCode Workshop admin';
/** A code of the step before or after is accepted too (clocks drift); never one already used. */
const WINDOW = 1;
/** Wrong codes before a challenge is spent: the admin signs in again (and the login limit counts every try). */
const MAX_ATTEMPTS = 5;
/** Wrong codes for one account, across challenges and addresses, before it takes no code for a while. */
const ACCOUNT_MAX_FAILURES = 10;
const ACCOUNT_LOCK_MINUTES = 15;

const totpOf = (email: string, base32: string) => new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: 30 });

/** Recovery codes: 10 base32 characters (50 bits), shown as xxxxx-xxxxx; only their hashes are kept. */
function newRecoveryCode(): string {
  const raw = new Secret({ size: 7 }).base32.slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
const normalCode = (code: string) => code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether the admin has two-factor sign-in on, and how many recovery codes they have left. */
export async function twoFactorStatus(db: Db, userId: string): Promise<{ enabled: boolean; recovery_codes_left: number }> {
  const user = await db('users').where({ id: userId }).first('totp_enabled_at');
  const left = await db('recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ n: string }[]>('* as n').first();
  return { enabled: Boolean(user?.totp_enabled_at), recovery_codes_left: Number(left?.n ?? 0) };
}

/** Step one of turning TOTP on: a new secret, kept pending until a code from it is confirmed. */
export async function startTotp(db: Db, admin: { id: string; email: string }, password: string): Promise<{ secret: string; otpauth_url: string }> {
  const user = await db('users').where({ id: admin.id }).first('totp_enabled_at', 'password_hash');
  // The password, not only a session: a stolen session must not bind the thief's phone to the account.
  if (!user || !(await verifyPassword(password, user.password_hash))) throw new ValidationError('Your password is not right.', { password: 'Your password is not right.' });
  if (user.totp_enabled_at) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await db('users').where({ id: admin.id }).update({ totp_pending_secret: secret });
  return { secret, otpauth_url: totpOf(admin.email, secret).toString() };
}

/** Step two: a right code from the pending secret turns it on; the 10 recovery codes are answered once. */
export async function confirmTotp(db: Db, admin: { id: string; email: string }, code: string): Promise<string[]> {
  return db.transaction(async (trx) => {
    const user = await trx('users').where({ id: admin.id }).forUpdate().first('totp_pending_secret', 'totp_enabled_at');
    if (user?.totp_enabled_at) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
    if (!user?.totp_pending_secret) throw new ConflictError(TWO_FACTOR_MESSAGES.notStarted);
    const delta = totpOf(admin.email, user.totp_pending_secret).validate({ token: code, window: WINDOW });
    if (delta === null) throw new ValidationError(TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });
    const step = Math.floor(Date.now() / 30_000) + delta;
    await trx('users').where({ id: admin.id }).update({ totp_secret: user.totp_pending_secret, totp_pending_secret: null, totp_enabled_at: trx.fn.now(), totp_last_step: step });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await trx('recovery_codes').where({ user_id: admin.id }).delete();
    await trx('recovery_codes').insert(codes.map((c) => ({ user_id: admin.id, code_hash: sha256(normalCode(c)) })));
    return codes;
  });
}

/** Turns it off, with the password (a session left open is not enough). */
export async function disableTotp(db: Db, admin: { id: string }, password: string): Promise<void> {
  const user = await db('users').where({ id: admin.id }).first('password_hash', 'totp_enabled_at');
  if (!user || !(await verifyPassword(password, user.password_hash))) throw new ValidationError('Your password is not right.', { password: 'Your password is not right.' });
  if (!user.totp_enabled_at) throw new ConflictError(TWO_FACTOR_MESSAGES.off);
  await db.transaction(async (trx) => {
    await trx('users').where({ id: admin.id }).update({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null });
    await trx('recovery_codes').where({ user_id: admin.id }).delete();
  });
}

/**
 * An owner resets another admin's two-factor sign-in (a lost phone, or a thief's phone bound to
 * the account): it is off, their recovery codes and every session of theirs end; they sign in with
 * the password and set it up again.
 */
export async function resetTwoFactorOf(db: Db, userId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const n = await trx('users').where({ id: userId }).update({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null, two_factor_failures: 0, two_factor_locked_until: null });
    if (!n) throw new AppError(404, 'not_found', 'Admin not found');
    await trx('recovery_codes').where({ user_id: userId }).delete();
    await trx('sessions').where({ user_id: userId }).delete();
    await trx('login_challenges').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
  });
}

/** A right password for an admin with two-factor on: a five-minute challenge for the code step, no session yet. */
export async function openChallenge(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('login_challenges').insert({ user_id: userId, token_hash: sha256(token), expires_at: db.raw(`now() + make_interval(mins => ?)`, [TWO_FACTOR_CHALLENGE_MINUTES]) });
  return token;
}

/**
 * The code step: the challenge must be live (unused, under five minutes, fewer than five wrong
 * codes), and the code a TOTP code of a step after the last one used (a code seen once, by a
 * shoulder-surfer or a replayed request, never works again) or an unused recovery code. Each
 * is used up in the same statement that checks it, so two requests at once cannot both pass.
 * Answers the admin, or throws 401.
 */
export async function passChallenge(db: Db, challenge: string, code: string): Promise<{ id: string; email: string }> {
  return db.transaction(async (trx) => {
    const row = await trx('login_challenges as c')
      .join('users as u', 'u.id', 'c.user_id')
      .where('c.token_hash', sha256(challenge))
      .whereNull('c.used_at')
      .where('c.expires_at', '>', trx.fn.now())
      .where('c.attempts', '<', MAX_ATTEMPTS)
      .forUpdate('c')
      .first('c.id', 'u.id as user_id', 'u.email', 'u.totp_secret', trx.raw('coalesce(u.two_factor_locked_until > now(), false) AS locked'));
    if (!row || !row.totp_secret) throw new AppError(401, 'unauthorized', TWO_FACTOR_MESSAGES.challengeGone);
    // Too many wrong codes for this account lately, from anywhere: no code is even looked at.
    if (row.locked) throw new AppError(429, 'rate_limited', TWO_FACTOR_MESSAGES.locked);
    const ok = (await useTotp(trx, row.user_id, row.email, row.totp_secret, code)) || (await useRecoveryCode(trx, row.user_id, code));
    if (!ok) {
      await trx('login_challenges').where({ id: row.id }).increment('attempts', 1);
      await trx('users')
        .where({ id: row.user_id })
        .update({
          two_factor_failures: trx.raw('CASE WHEN two_factor_failures + 1 >= ? THEN 0 ELSE two_factor_failures + 1 END', [ACCOUNT_MAX_FAILURES]),
          two_factor_locked_until: trx.raw(`CASE WHEN two_factor_failures + 1 >= ? THEN now() + make_interval(mins => ?) ELSE two_factor_locked_until END`, [ACCOUNT_MAX_FAILURES, ACCOUNT_LOCK_MINUTES]),
        });
      return { id: '', email: row.email };
    }
    await trx('users').where({ id: row.user_id }).update({ two_factor_failures: 0 });
    await trx('login_challenges').where({ id: row.id }).update({ used_at: trx.fn.now() });
    return { id: row.user_id as string, email: row.email as string };
  });
}

async function useTotp(trx: Db | import('knex').Knex.Transaction, userId: string, email: string, secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const delta = totpOf(email, secret).validate({ token: code.trim(), window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 30_000) + delta;
  const n = await trx('users').where({ id: userId }).where((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step)).update({ totp_last_step: step });
  return n === 1;
}

async function useRecoveryCode(trx: Db | import('knex').Knex.Transaction, userId: string, code: string): Promise<boolean> {
  const normal = normalCode(code);
  if (normal.length !== 10) return false;
  const n = await trx('recovery_codes').where({ user_id: userId, code_hash: sha256(normal) }).whereNull('used_at').update({ used_at: trx.fn.now() });
  return n === 1;
}
