import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type CreateAdminInput, type LoginInput, type SessionUser, TWO_FACTOR_MESSAGES } from '@workshop/shared';
import type { Db } from '../db/knex';
import { AppError, ConflictError, ForbiddenError } from '../http/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { adminSignIn, type SignInRefusal } from './auth.hooks';
import * as q from './auth.queries';
import { readSetting } from '../settings/settings.queries';
import { openChallenge, passChallenge, type SecondFactor } from './login-challenge.service';
import type { RelyingParty } from './webauthn';

type Signed = { user: SessionUser; token: string; expiresAt: Date };
type SecondStep = { challenge: string; methods: ('totp' | 'passkey')[]; passkey_url: string | null };

export interface AuthService {
  /** A session, or (two-factor on) the challenge for the second step and what can answer it. */
  login(input: Omit<LoginInput, 'client'>, device?: q.SessionDevice): Promise<Signed | SecondStep>;
  loginTwoFactor(challenge: string, proof: SecondFactor, device?: q.SessionDevice): Promise<Signed>;
  logout(token: string): Promise<void>;
  createAdmin(input: CreateAdminInput): Promise<{ id: string; email: string }>;
}

export function createAuthService(db: Db, sessionTtlHours: number, rp: RelyingParty, publicBaseUrl: string): AuthService {
  async function openSession(user: q.UserRow, device: q.SessionDevice): Promise<Signed> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + sessionTtlHours * 3600_000);
    // The owners' rules: how long it may sit unused, and whether two-factor must be set up first.
    const rules = await readSetting(db, 'admin_security');
    await q.insertSession(db, user.id, token, expiresAt, { ...device, idleHours: rules.idle_hours });
    const factors = await q.secondFactorsOf(db, user.id);
    return { user: { id: user.id, email: user.email, role: user.admin_role, must_set_up_two_factor: rules.enabled && factors.length === 0 }, token, expiresAt };
  }
  return {
    async login({ email, password }, device = {}) {
      const user = await q.findUserByEmail(db, email);
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      const audit = (refused: SignInRefusal | null) =>
        db.transaction((trx) => adminSignIn.emit(trx, { email: user?.email ?? email, userId: user?.id ?? null, refused, client: device.client ?? 'web', ip: device.ip ?? null }));
      if (!user || !ok) {
        await audit(user ? 'wrong_password' : 'unknown_email');
        throw new AppError(401, 'unauthorized', AUTH_MESSAGES.loginFailed);
      }
      // SPEC §4: a non-admin is refused and gets no session at all.
      if (!(await q.isAdmin(db, user.id))) {
        await audit('not_admin');
        throw new ForbiddenError(AUTH_MESSAGES.accessDenied);
      }
      // Two-factor on: no session until the second step passes.
      const methods = await q.secondFactorsOf(db, user.id);
      if (methods.length) {
        const challenge = await openChallenge(db, user.id, { client: device.client, ip: device.ip });
        // The desktop app cannot use a passkey in its own window: a browser on the site does it (see handoffPasskey).
        return { challenge, methods, passkey_url: methods.includes('passkey') ? `${publicBaseUrl}/admin/passkey#${challenge}` : null };
      }
      await audit(null);
      return openSession(user, device);
    },
    async loginTwoFactor(challenge, proof, device = {}) {
      const passed = await passChallenge(db, rp, challenge, proof);
      const audit = (refused: SignInRefusal | null) =>
        db.transaction((trx) => adminSignIn.emit(trx, { email: passed.email, userId: passed.id || null, refused, client: device.client ?? 'web', ip: device.ip ?? null }));
      if (!passed.id) {
        await audit('wrong_code');
        throw new AppError(401, 'unauthorized', TWO_FACTOR_MESSAGES.wrongCode);
      }
      await audit(null);
      const user = await db('users').where({ id: passed.id }).first();
      return openSession(user, device);
    },
    async logout(token) {
      await q.deleteSession(db, token);
    },
    async createAdmin({ email, password, role }) {
      if (await q.findUserByEmail(db, email)) throw new ConflictError(AUTH_MESSAGES.emailTaken);
      try {
        return await q.createAdminUser(db, email, await hashPassword(password), role);
      } catch (err) {
        // A concurrent create with the same email loses at the unique index.
        if ((err as { code?: string }).code === '23505') throw new ConflictError(AUTH_MESSAGES.emailTaken);
        throw err;
      }
    },
  };
}
