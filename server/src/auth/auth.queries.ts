import { createHash } from 'node:crypto';
import type { AdminRole } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  admin_role: AdminRole;
}

/** Whether user `u` has any second factor: an authenticator app or a passkey. */
export const TWO_FACTOR_ON = '(u.totp_enabled_at IS NOT NULL OR EXISTS (SELECT 1 FROM admin_passkeys p WHERE p.user_id = u.id))';

/** What an admin can answer the second step of a sign-in with; empty when two-factor sign-in is off. */
export async function secondFactorsOf(db: Db, userId: string): Promise<('totp' | 'passkey')[]> {
  const row = await db('users as u').where('u.id', userId).first('u.totp_enabled_at', db.raw('EXISTS (SELECT 1 FROM admin_passkeys p WHERE p.user_id = u.id) AS passkeys'));
  return [...(row?.totp_enabled_at ? (['totp'] as const) : []), ...(row?.passkeys ? (['passkey'] as const) : [])];
}

/**
 * What an admin left half-finished, which a password change or reset, "sign out everywhere else"
 * or an owner's reset ends: sign-ins waiting for their second step, passkey set-ups, and an
 * authenticator app not yet confirmed (someone else's session may have started any of them).
 */
export async function endHalfFinished(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('login_challenges').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
  await trx('passkey_ceremonies').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
  await trx('users').where({ id: userId }).update({ totp_pending_secret: null });
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(email) = lower(?)', [email]).first();
}

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  return !!(await db('user_roles').where({ user_id: userId, role: 'admin' }).first());
}

/** Where a session was opened from, for the admin's sessions list. */
export interface SessionDevice {
  client?: 'web' | 'desktop';
  /** How long the session may sit unused before it ends. */
  idleHours?: number;
  ip?: string;
  userAgent?: string;
}

export async function insertSession(db: Db, userId: string, token: string, expiresAt: Date, device: SessionDevice = {}): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('sessions').insert({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: expiresAt,
      client: device.client ?? 'web',
      ip: device.ip ?? null,
      user_agent: device.userAgent?.slice(0, 300) ?? null,
      last_seen_at: trx.fn.now(),
      idle_hours: device.idleHours ?? 12,
    });
    await trx('users').where({ id: userId }).update({ last_sign_in_at: trx.fn.now() });
  });
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db('sessions').where({ token_hash: sha256(token) }).delete();
}

/** Marks a session used now, at most once a minute (a write per request would be one per admin click). */
export async function touchSession(db: Db, token: string): Promise<void> {
  await db('sessions').where({ token_hash: sha256(token) }).where((q) => q.whereNull('last_seen_at').orWhere('last_seen_at', '<', db.raw(`now() - interval '1 minute'`))).update({ last_seen_at: db.fn.now() });
}

/**
 * When a session left unused ends: its last use plus the owners' idle hours as the rule stands now
 * (shortened because of a worry, it ends sessions already left open too); the hours kept at sign-in
 * stand if the rule is gone. `s` is the sessions table's name or alias in the query.
 */
export const sessionIdleEnd = (s: string) =>
  `coalesce(${s}.last_seen_at, ${s}.created_at) + make_interval(hours => coalesce((SELECT (setting_value->>'idle_hours')::int FROM admin_settings WHERE setting_key = 'admin_security'), ${s}.idle_hours))`;

/** The user behind an unexpired token, whether they still hold the admin role, and which (owner or staff). */
export function findSessionUser(db: Db, token: string): Promise<{ id: string; email: string; is_admin: boolean; admin_role: AdminRole; must_set_up_two_factor: boolean } | undefined> {
  return db('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.token_hash', sha256(token))
    .andWhere('s.expires_at', '>', db.fn.now())
    // Unused for longer than it may be (inactivity), it has ended too, whatever its absolute expiry.
    .andWhereRaw(`${sessionIdleEnd('s')} > now()`)
    .first(
      'u.id',
      'u.email',
      'u.admin_role',
      db.raw(`EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS is_admin`),
      // The owners require two-factor sign-in (admin_security) and this admin has none yet.
      db.raw(`(NOT ${TWO_FACTOR_ON} AND coalesce((SELECT (setting_value->>'enabled')::boolean FROM admin_settings WHERE setting_key = 'admin_security'), false)) AS must_set_up_two_factor`),
    );
}

export async function createAdminUser(db: Db, email: string, passwordHash: string, role: AdminRole = 'owner'): Promise<{ id: string; email: string }> {
  return db.transaction(async (trx) => {
    const [user] = await trx('users').insert({ email, password_hash: passwordHash, admin_role: role }).returning(['id', 'email']);
    await trx('user_roles').insert({ user_id: user.id, role: 'admin' });
    return user;
  });
}
