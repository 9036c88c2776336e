import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '@workshop/shared';
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/knex';
import { AppError, ConflictError, ValidationError } from '../http/errors';
import { endHalfFinished, sha256 } from './auth.queries';
import { adminSignInMethodChanged, type SiteOrigin } from './auth.hooks';
import { sendResetLink } from './password-reset.service';
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from './password';

/** What the authenticator app shows the account as. */
const ISSUER = 'NoCode Workshop admin';
/** A code of the step before or after is accepted too (clocks drift); never one already used. */
const WINDOW = 1;

const totpOf = (email: string, base32: string) => new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: 30 });

/** Recovery codes: 10 base32 characters (50 bits), shown as xxxxx-xxxxx; only their hashes are kept. */
function newRecoveryCode(): string {
  const raw = new Secret({ size: 7 }).base32.slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
const normalCode = (code: string) => code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether the admin has two-factor sign-in on (an authenticator app, passkeys), and how many recovery codes they have left. */
export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const user = await db('users').where({ id: userId }).first('totp_enabled_at');
  const left = await db('recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ n: string }[]>('* as n').first();
  const passkeys = await db('admin_passkeys').where({ user_id: userId }).count<{ n: string }[]>('* as n').first();
  const totp = Boolean(user?.totp_enabled_at);
  return { enabled: totp || Number(passkeys?.n) > 0, totp, passkeys: Number(passkeys?.n ?? 0), recovery_codes_left: Number(left?.n ?? 0) };
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
export async function confirmTotp(db: Db, admin: { id: string; email: string }, code: string, site: SiteOrigin): Promise<string[]> {
  return db.transaction(async (trx) => {
    const user = await trx('users').where({ id: admin.id }).forUpdate().first('totp_pending_secret', 'totp_enabled_at');
    if (user?.totp_enabled_at) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
    if (!user?.totp_pending_secret) throw new ConflictError(TWO_FACTOR_MESSAGES.notStarted);
    const delta = totpOf(admin.email, user.totp_pending_secret).validate({ token: code, window: WINDOW });
    if (delta === null) throw new ValidationError(TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });
    const step = Math.floor(Date.now() / 30_000) + delta;
    await trx('users').where({ id: admin.id }).update({ totp_secret: user.totp_pending_secret, totp_pending_secret: null, totp_enabled_at: trx.fn.now(), totp_last_step: step });
    await adminSignInMethodChanged.emit(trx, { userId: admin.id, email: admin.email, change: 'app_on', site });
    return issueRecoveryCodes(trx, admin.id);
  });
}

/** A new set of 10 recovery codes (any earlier set stops working), answered once and kept hashed. */
export async function issueRecoveryCodes(trx: Knex.Transaction, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx('recovery_codes').where({ user_id: userId }).delete();
  await trx('recovery_codes').insert(codes.map((c) => ({ user_id: userId, code_hash: sha256(normalCode(c)) })));
  return codes;
}

/** Turns it off, with the password (a session left open is not enough). */
export async function disableTotp(db: Db, admin: { id: string; email: string }, password: string, site: SiteOrigin): Promise<void> {
  const user = await db('users').where({ id: admin.id }).first('password_hash', 'totp_enabled_at');
  if (!user || !(await verifyPassword(password, user.password_hash))) throw new ValidationError('Your password is not right.', { password: 'Your password is not right.' });
  if (!user.totp_enabled_at) throw new ConflictError(TWO_FACTOR_MESSAGES.off);
  await db.transaction(async (trx) => {
    await trx('users').where({ id: admin.id }).update({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null });
    // The recovery codes stand in for any second factor: they go with the last one.
    if (!(await trx('admin_passkeys').where({ user_id: admin.id }).first('id'))) await trx('recovery_codes').where({ user_id: admin.id }).delete();
    await adminSignInMethodChanged.emit(trx, { userId: admin.id, email: admin.email, change: 'app_off', site });
  });
}

/**
 * An owner resets another admin's two-factor sign-in (a lost phone, or a thief's phone or passkey
 * bound to the account): it is off, their recovery codes, passkeys and every session of theirs
 * end. Whoever bound a thief's factor knew the password, so the password stops working too: the
 * admin is emailed a reset link, sets a new password, signs in and sets two-factor up again.
 * Never the owner's own (a session left open must not strip its own second factor).
 */
export async function resetTwoFactorOf(db: Db, owner: { id: string }, userId: string, site: SiteOrigin): Promise<void> {
  if (owner.id === userId) throw new ConflictError(TWO_FACTOR_MESSAGES.notYourOwn);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await db.transaction(async (trx) => {
    const user = await trx('users').where({ id: userId }).forUpdate().first('id', 'email');
    if (!user) throw new AppError(404, 'not_found', 'Admin not found');
    await trx('users').where({ id: userId }).update({ password_hash: unusable, totp_secret: null, totp_enabled_at: null, totp_last_step: null, two_factor_failures: 0, two_factor_locked_until: null });
    await trx('recovery_codes').where({ user_id: userId }).delete();
    await trx('admin_passkeys').where({ user_id: userId }).delete();
    await trx('sessions').where({ user_id: userId }).delete();
    await trx('password_resets').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
    await endHalfFinished(trx, userId);
    await sendResetLink(trx, user, site, 'two_factor_reset');
  });
}

/** A TOTP code of a step after the last one used; the step is spent in the same statement. */
export async function useTotp(trx: Knex.Transaction, userId: string, email: string, secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const delta = totpOf(email, secret).validate({ token: code.trim(), window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 30_000) + delta;
  const n = await trx('users').where({ id: userId }).where((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step)).update({ totp_last_step: step });
  return n === 1;
}

/** An unused recovery code, spent in the same statement that finds it. */
export async function useRecoveryCode(trx: Knex.Transaction, userId: string, code: string): Promise<boolean> {
  const normal = normalCode(code);
  if (normal.length !== 10) return false;
  const n = await trx('recovery_codes').where({ user_id: userId, code_hash: sha256(normal) }).whereNull('used_at').update({ used_at: trx.fn.now() });
  return n === 1;
}
