import { type AdminSession, type ChangePasswordInput, PASSWORD_MESSAGES } from '@workshop/shared';
import type { Db } from '../db/knex';
import { NotFoundError, ValidationError } from '../http/errors';
import { adminPasswordChanged, type SiteOrigin } from './auth.hooks';
import { endHalfFinished, sha256 } from './auth.queries';
import { hashPassword, verifyPassword } from './password';
import { assertStrongPassword } from './password-policy';

/**
 * The signed-in admin changes their password (issue 24, point 4): the current one checked, the new
 * one long and hard to guess, every other session of theirs ended (a thief signed in elsewhere is
 * out), and they are emailed that it happened, in one transaction.
 */
export async function changePassword(db: Db, admin: { id: string; email: string }, currentToken: string, input: ChangePasswordInput, site: SiteOrigin): Promise<void> {
  const user = await db('users').where({ id: admin.id }).first('password_hash');
  if (!user || !(await verifyPassword(input.current_password, user.password_hash))) throw new ValidationError(PASSWORD_MESSAGES.currentWrong, { current_password: PASSWORD_MESSAGES.currentWrong });
  if (input.new_password === input.current_password) throw new ValidationError(PASSWORD_MESSAGES.same, { new_password: PASSWORD_MESSAGES.same });
  assertStrongPassword(input.new_password, admin.email);
  const hash = await hashPassword(input.new_password);
  await db.transaction(async (trx) => {
    await trx('users').where({ id: admin.id }).update({ password_hash: hash });
    await trx('sessions').where({ user_id: admin.id }).whereNot({ token_hash: sha256(currentToken) }).delete();
    // A reset link or a half-finished sign-in opened with the old password counts no more.
    await trx('password_resets').where({ user_id: admin.id }).whereNull('used_at').update({ used_at: trx.fn.now() });
    await endHalfFinished(trx, admin.id);
    await adminPasswordChanged.emit(trx, { userId: admin.id, email: admin.email, site, via: 'change' });
  });
}

/** The signed-in admin's live sessions, the one asking marked. */
export async function sessionsOf(db: Db, userId: string, currentToken: string): Promise<AdminSession[]> {
  const rows = await db('sessions').where({ user_id: userId }).where('expires_at', '>', db.fn.now()).orderBy('created_at', 'desc').select('id', 'client', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at', 'token_hash');
  const mine = sha256(currentToken);
  const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
  return rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    client: (r.client as 'web' | 'desktop' | null) ?? null,
    ip: (r.ip as string | null) ?? null,
    user_agent: (r.user_agent as string | null) ?? null,
    created_at: iso(r.created_at) as string,
    last_seen_at: iso(r.last_seen_at),
    expires_at: iso(r.expires_at) as string,
    current: r.token_hash === mine,
  }));
}

/** Ends one of the admin's own sessions (another admin's is not theirs to end: 404). */
export async function endSession(db: Db, userId: string, id: string): Promise<void> {
  const n = await db('sessions').where({ id, user_id: userId }).delete();
  if (!n) throw new NotFoundError('Session not found');
}

/** "Sign out everywhere else": every session of the admin but the one asking, and whatever another one may have left half-finished. */
export async function endOtherSessions(db: Db, userId: string, currentToken: string): Promise<number> {
  return db.transaction(async (trx) => {
    await endHalfFinished(trx, userId);
    return Number(await trx('sessions').where({ user_id: userId }).whereNot({ token_hash: sha256(currentToken) }).delete());
  });
}
