import { MAX_PASSKEYS, PASSKEY_CEREMONY_MINUTES, PASSKEY_MESSAGES, type AdminPasskey } from '@workshop/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/knex';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../http/errors';
import { adminSignInMethodChanged, adminTwoFactorChanged, type SiteOrigin } from './auth.hooks';
import { sha256 } from './auth.queries';
import { verifyPassword } from './password';
import { issueRecoveryCodes } from './two-factor.service';
import { expectedOrigin, type RelyingParty } from './webauthn';

/** What a browser may say a passkey is reached by; anything else is not stored or echoed back. */
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

interface PasskeyRow {
  id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toAdminPasskey = (r: PasskeyRow): AdminPasskey => ({ id: r.id, name: r.name, created_at: r.created_at.toISOString(), last_used_at: r.last_used_at?.toISOString() ?? null });

export async function listPasskeys(db: Db | Knex.Transaction, userId: string): Promise<AdminPasskey[]> {
  const rows: PasskeyRow[] = await db('admin_passkeys').where({ user_id: userId }).orderBy('created_at', 'asc').select('*');
  return rows.map(toAdminPasskey);
}

async function checkPassword(db: Db, userId: string, password: string): Promise<void> {
  const user = await db('users').where({ id: userId }).first('password_hash');
  if (!user || !(await verifyPassword(password, user.password_hash))) throw new ValidationError('Your password is not right.', { password: 'Your password is not right.' });
}

/**
 * Step one of adding a passkey: the password (a session left open must not bind a thief's passkey),
 * then a ten-minute, single-use set-up token. The web admin goes on in the same page; the desktop app
 * opens `browser_url` in the system browser, since a passkey only works on the site's own address.
 */
export async function startEnrolment(db: Db, userId: string, password: string, publicBaseUrl: string): Promise<{ ceremony: string; browser_url: string }> {
  await checkPassword(db, userId, password);
  const [{ n }] = await db('admin_passkeys').where({ user_id: userId }).count<{ n: string }[]>('* as n');
  if (Number(n) >= MAX_PASSKEYS) throw new ConflictError(PASSKEY_MESSAGES.tooMany);
  const token = randomBytes(32).toString('base64url');
  await db('passkey_ceremonies').insert({ user_id: userId, token_hash: sha256(token), expires_at: db.raw(`now() + make_interval(mins => ?)`, [PASSKEY_CEREMONY_MINUTES]) });
  // In the fragment: a browser never sends it to a server or in a Referer.
  return { ceremony: token, browser_url: `${publicBaseUrl}/admin/add-passkey#${token}` };
}

async function liveCeremony(trx: Knex.Transaction, token: string): Promise<{ id: string; user_id: string; email: string; webauthn_challenge: string | null }> {
  const row = await trx('passkey_ceremonies as c')
    .join('users as u', 'u.id', 'c.user_id')
    .where('c.token_hash', sha256(token))
    .whereNull('c.used_at')
    .where('c.expires_at', '>', trx.fn.now())
    .forUpdate('c')
    .first('c.id', 'c.user_id', 'u.email', 'c.webauthn_challenge');
  if (!row) throw new BadRequestError(PASSKEY_MESSAGES.ceremonyGone);
  return row;
}

/** Step two: what the browser asks the authenticator to create (passkeys the admin has already are excluded). */
export async function registrationOptions(db: Db, rp: RelyingParty, token: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return db.transaction(async (trx) => {
    const ceremony = await liveCeremony(trx, token);
    const existing: PasskeyRow[] = await trx('admin_passkeys').where({ user_id: ceremony.user_id }).select('credential_id', 'transports');
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: ceremony.email,
      userID: new TextEncoder().encode(ceremony.user_id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await trx('passkey_ceremonies').where({ id: ceremony.id }).update({ webauthn_challenge: options.challenge });
    return options;
  });
}

/**
 * Step three: the authenticator's answer, checked by the WebAuthn library against the challenge,
 * the site's origin and domain. The set-up token is spent whatever the answer. When this passkey
 * turns two-factor sign-in on (no authenticator app, no other passkey), the admin gets their 10
 * recovery codes, once.
 */
export async function finishEnrolment(db: Db, rp: RelyingParty, token: string, name: string, response: RegistrationResponseJSON, site: SiteOrigin): Promise<{ passkey: AdminPasskey; recovery_codes: string[] | null }> {
  const outcome = await db.transaction(async (trx) => {
    const ceremony = await liveCeremony(trx, token);
    await trx('passkey_ceremonies').where({ id: ceremony.id }).update({ used_at: trx.fn.now() });
    if (!ceremony.webauthn_challenge) return null;
    const verified = await verifyRegistrationResponse({ response, expectedChallenge: ceremony.webauthn_challenge, expectedOrigin: expectedOrigin(rp, response), expectedRPID: rp.id, requireUserVerification: false }).catch(() => null);
    if (!verified?.verified) return null;
    // The admin's row, locked: two set-ups finishing at once count the passkeys one after the other.
    const user = await trx('users').where({ id: ceremony.user_id }).forUpdate().first('id', 'email', 'totp_enabled_at');
    const existing = await trx('admin_passkeys').where({ user_id: user.id }).select('credential_id');
    if (existing.length >= MAX_PASSKEYS) throw new ConflictError(PASSKEY_MESSAGES.tooMany);
    const { credential, credentialBackedUp } = verified.registrationInfo;
    if (existing.some((p: { credential_id: string }) => p.credential_id === credential.id)) return null;
    const transports = (credential.transports ?? []).filter((t) => KNOWN_TRANSPORTS.has(t));
    // Another admin finishing with the same authenticator's credential at this moment wins at the unique index.
    const inserted = await trx.raw(
      `INSERT INTO admin_passkeys (user_id, credential_id, public_key, counter, transports, name, backed_up) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING RETURNING *`,
      [user.id, credential.id, Buffer.from(credential.publicKey), credential.counter, transports, name, credentialBackedUp],
    );
    const row: PasskeyRow | undefined = inserted.rows[0];
    if (!row) return null;
    const turnedOn = !user.totp_enabled_at && existing.length === 0;
    const recoveryCodes = turnedOn ? await issueRecoveryCodes(trx, user.id) : null;
    await adminTwoFactorChanged.emit(trx, { userId: user.id, email: user.email, change: 'passkey_added', detail: name });
    await adminSignInMethodChanged.emit(trx, { userId: user.id, email: user.email, change: 'passkey_added', name, site });
    return { passkey: toAdminPasskey(row), recovery_codes: recoveryCodes };
  });
  if (!outcome) throw new ValidationError(PASSKEY_MESSAGES.refused, { passkey: PASSKEY_MESSAGES.refused });
  return outcome;
}

/** Removes one of the admin's passkeys, with the password (the route's write is the log entry). The recovery codes go with the last second factor. */
export async function removePasskey(db: Db, admin: { id: string; email: string }, id: string, password: string, site: SiteOrigin): Promise<void> {
  await checkPassword(db, admin.id, password);
  await db.transaction(async (trx) => {
    const user = await trx('users').where({ id: admin.id }).forUpdate().first('totp_enabled_at');
    const removed: PasskeyRow[] = await trx('admin_passkeys').where({ id, user_id: admin.id }).delete().returning('*');
    if (!removed.length) throw new NotFoundError(PASSKEY_MESSAGES.notFound);
    if (!user.totp_enabled_at && !(await trx('admin_passkeys').where({ user_id: admin.id }).first('id'))) await trx('recovery_codes').where({ user_id: admin.id }).delete();
    await adminSignInMethodChanged.emit(trx, { userId: admin.id, email: admin.email, change: 'passkey_removed', name: removed[0].name, site });
  });
}

/** What a browser needs to ask one of the admin's passkeys to sign a sign-in; null without passkeys. */
export async function passkeyRequestOptions(trx: Knex.Transaction, rp: RelyingParty, userId: string): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const rows: PasskeyRow[] = await trx('admin_passkeys').where({ user_id: userId }).select('credential_id', 'transports');
  if (!rows.length) return null;
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials: rows.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })), userVerification: 'preferred' });
}

/**
 * Whether one of this admin's passkeys signed `expectedChallenge` on the site's origin. Its signature
 * counter must move on (a cloned authenticator replaying an old count is refused); the new count
 * and the time are kept.
 */
export async function usePasskey(trx: Knex.Transaction, rp: RelyingParty, userId: string, expectedChallenge: string, response: AuthenticationResponseJSON): Promise<boolean> {
  const row: PasskeyRow | undefined = await trx('admin_passkeys').where({ user_id: userId, credential_id: response.id }).forUpdate().first();
  if (!row) return false;
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: expectedOrigin(rp, response),
    expectedRPID: rp.id,
    credential: { id: row.credential_id, publicKey: new Uint8Array(row.public_key), counter: Number(row.counter), transports: row.transports as AuthenticatorTransport[] },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return false;
  await trx('admin_passkeys').where({ id: row.id }).update({ counter: verified.authenticationInfo.newCounter, last_used_at: trx.fn.now() });
  return true;
}
