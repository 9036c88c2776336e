import { type LoginPasskeyOptions, TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_MESSAGES } from '@workshop/shared';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Knex } from 'knex';
import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/knex';
import { AppError } from '../http/errors';
import { sha256 } from './auth.queries';
import { passkeyRequestOptions, usePasskey } from './passkeys.service';
import { useRecoveryCode, useTotp } from './two-factor.service';
import type { RelyingParty } from './webauthn';

/** Wrong answers before a challenge is spent: the admin signs in again (and the login limit counts every try). */
const MAX_ATTEMPTS = 5;
/** Wrong answers for one account, across challenges and addresses, before it takes none for a while. */
const ACCOUNT_MAX_FAILURES = 10;
const ACCOUNT_LOCK_MINUTES = 15;

/** What completes the second step: a code (TOTP, recovery, or the one a passkey showed in a browser) or a passkey's answer. */
export type SecondFactor = { code: string } | { passkey: AuthenticationResponseJSON };

interface LiveChallenge {
  id: string;
  client: 'web' | 'desktop' | null;
  ip: string | null;
  created_at: Date;
  user_id: string;
  email: string;
  totp_secret: string | null;
  webauthn_challenge: string | null;
  handoff_code_hash: string | null;
}

/** A right password for an admin with two-factor on: a five-minute challenge for the second step, no session yet. */
export async function openChallenge(db: Db, userId: string, from: { client?: 'web' | 'desktop'; ip?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('login_challenges').insert({ user_id: userId, token_hash: sha256(token), expires_at: db.raw(`now() + make_interval(mins => ?)`, [TWO_FACTOR_CHALLENGE_MINUTES]), client: from.client ?? null, ip: from.ip ?? null });
  return token;
}

/**
 * The challenge, locked, when it is live (unused, under five minutes, fewer than five wrong
 * answers) and its account is not locked out; `check` decides, and a wrong answer is counted on the
 * challenge and the account (ten across challenges lock the account's second step for 15 minutes);
 * a right one (`passes`) clears the account's count.
 * Throws 401 for a challenge that is gone, 429 for a locked account. Answers null for a wrong answer.
 */
async function decide<T>(db: Db, challenge: string, check: (trx: Knex.Transaction, row: LiveChallenge) => Promise<T | null>, passes = true): Promise<{ email: string; userId: string; passed: T | null }> {
  return db.transaction(async (trx) => {
    const row = await trx('login_challenges as c')
      .join('users as u', 'u.id', 'c.user_id')
      .where('c.token_hash', sha256(challenge))
      .whereNull('c.used_at')
      .where('c.expires_at', '>', trx.fn.now())
      .where('c.attempts', '<', MAX_ATTEMPTS)
      // The account's row too: answers for one account are decided one after another, so the lock
      // after ten wrong ones holds however many arrive at once, from however many instances.
      .forUpdate(['c', 'u'])
      .first('c.id', 'c.client', 'c.ip', 'c.created_at', 'u.id as user_id', 'u.email', 'u.totp_secret', 'c.webauthn_challenge', 'c.handoff_code_hash', trx.raw('coalesce(u.two_factor_locked_until > now(), false) AS locked'));
    if (!row) throw new AppError(401, 'unauthorized', TWO_FACTOR_MESSAGES.challengeGone);
    // Too many wrong answers for this account lately, from anywhere: none is even looked at.
    if (row.locked) throw new AppError(429, 'rate_limited', TWO_FACTOR_MESSAGES.locked);
    const passed = await check(trx, row as LiveChallenge);
    if (passed === null) {
      await trx('login_challenges').where({ id: row.id }).increment('attempts', 1);
      await trx('users')
        .where({ id: row.user_id })
        .update({
          two_factor_failures: trx.raw('CASE WHEN two_factor_failures + 1 >= ? THEN 0 ELSE two_factor_failures + 1 END', [ACCOUNT_MAX_FAILURES]),
          two_factor_locked_until: trx.raw(`CASE WHEN two_factor_failures + 1 >= ? THEN now() + make_interval(mins => ?) ELSE two_factor_locked_until END`, [ACCOUNT_MAX_FAILURES, ACCOUNT_LOCK_MINUTES]),
        });
    } else if (passes) {
      await trx('users').where({ id: row.user_id }).update({ two_factor_failures: 0 });
    }
    return { email: row.email as string, userId: row.user_id as string, passed };
  });
}

/** A passkey's answer to the challenge's WebAuthn challenge, which is spent whatever the answer. */
async function passkeyAnswers(trx: Knex.Transaction, rp: RelyingParty, row: LiveChallenge, response: AuthenticationResponseJSON): Promise<boolean> {
  if (!row.webauthn_challenge) return false;
  await trx('login_challenges').where({ id: row.id }).update({ webauthn_challenge: null });
  return usePasskey(trx, rp, row.user_id, row.webauthn_challenge, response);
}

/**
 * The second step: a TOTP code of a step after the last one used (a code seen once, by a
 * shoulder-surfer or a replayed request, never works again), an unused recovery code, the code a
 * passkey showed in the browser for this very challenge, or a passkey's answer. Each is used up in
 * the same transaction that checks it, so two requests at once cannot both pass. Answers the
 * admin (`id` empty for a wrong answer), or throws 401 or 429.
 */
export async function passChallenge(db: Db, rp: RelyingParty, challenge: string, proof: SecondFactor): Promise<{ id: string; email: string }> {
  const { email, userId, passed } = await decide(db, challenge, async (trx, row) => {
    let ok: boolean;
    if ('passkey' in proof) ok = await passkeyAnswers(trx, rp, row, proof.passkey);
    else {
      const code = proof.code.trim();
      ok =
        (row.totp_secret !== null && (await useTotp(trx, row.user_id, row.email, row.totp_secret, code))) ||
        (row.handoff_code_hash !== null && /^\d{8}$/.test(code) && sha256(code) === row.handoff_code_hash) ||
        (await useRecoveryCode(trx, row.user_id, code));
    }
    if (!ok) return null;
    await trx('login_challenges').where({ id: row.id }).update({ used_at: trx.fn.now() });
    return true;
  });
  return { id: passed ? userId : '', email };
}

/**
 * The options a browser needs to ask the admin's passkeys to sign this sign-in (the WebAuthn
 * challenge is kept on the row), and where the sign-in came from, for the page to show.
 */
export async function challengePasskeyOptions(db: Db, rp: RelyingParty, challenge: string): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; sign_in: LoginPasskeyOptions['sign_in'] }> {
  const { passed } = await decide(db, challenge, async (trx, row) => {
    const options = await passkeyRequestOptions(trx, rp, row.user_id);
    if (!options) throw new AppError(409, 'conflict', 'This account has no passkey. Use a code instead.');
    await trx('login_challenges').where({ id: row.id }).update({ webauthn_challenge: options.challenge });
    return { options, sign_in: { client: row.client, ip: row.ip, started_at: new Date(row.created_at).toISOString() } };
  }, false);
  return passed!;
}

/**
 * The desktop app's passkey step, done in the system browser (passkeys only work on the site's own
 * address): the passkey signs this challenge there, and the browser shows a one-time 8-digit code
 * which the admin types into the desktop app, where it completes the same challenge. The code is
 * kept hashed; the challenge's five minutes and five tries still hold. A sign-in someone else
 * started cannot be finished by a passkey alone: the code must reach the app that started it.
 */
export async function handoffPasskey(db: Db, rp: RelyingParty, challenge: string, response: AuthenticationResponseJSON): Promise<string | null> {
  const { passed } = await decide(db, challenge, async (trx, row) => {
    if (!(await passkeyAnswers(trx, rp, row, response))) return null;
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    await trx('login_challenges').where({ id: row.id }).update({ handoff_code_hash: sha256(code) });
    return code;
  });
  return passed;
}
