import { ADMINS_MESSAGES, type AdminRole, type AdminUser } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError } from '../http/errors';
import { TWO_FACTOR_ON } from './auth.queries';

/** Every admin, for the owners' list in Settings: role, when they last signed in, their live sessions. */
export async function listAdmins(db: Db): Promise<AdminUser[]> {
  const rows = await db('users as u')
    .join('user_roles as r', (j) => j.on('r.user_id', 'u.id').andOnVal('r.role', 'admin'))
    .orderBy([{ column: 'u.created_at', order: 'asc' }, 'u.email'])
    .select('u.id', 'u.email', 'u.admin_role', 'u.created_at', 'u.last_sign_in_at', db.raw(`${TWO_FACTOR_ON} AS two_factor`), db.raw(`(SELECT count(*) FROM sessions s WHERE s.user_id = u.id AND s.expires_at > now())::int AS active_sessions`));
  return rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    email: r.email as string,
    role: r.admin_role as AdminRole,
    created_at: new Date(r.created_at as string).toISOString(),
    last_sign_in_at: r.last_sign_in_at ? new Date(r.last_sign_in_at as string).toISOString() : null,
    two_factor: Boolean(r.two_factor),
    active_sessions: Number(r.active_sessions),
  }));
}

/**
 * The owners, locked: two owners demoting or removing each other at the same moment are decided
 * one after the other, so one owner always stays. The second waits for the first, and reads the owners again.
 */
async function lockOwners(trx: Knex.Transaction): Promise<string[]> {
  const rows: { id: string }[] = await trx('users').where({ admin_role: 'owner' }).whereExists(trx('user_roles').whereRaw('user_roles.user_id = users.id').where('role', 'admin')).forUpdate().select('id');
  return rows.map((r) => r.id);
}

async function adminOr404(trx: Knex.Transaction, id: string): Promise<{ id: string; admin_role: AdminRole }> {
  const row = await trx('users as u').join('user_roles as r', 'r.user_id', 'u.id').where({ 'u.id': id, 'r.role': 'admin' }).forUpdate('u').first('u.id', 'u.admin_role');
  if (!row) throw new NotFoundError(ADMINS_MESSAGES.notFound);
  return row;
}

/** An owner changes an admin's role; the last owner cannot become staff. Their sessions end: they sign in again with the new role. */
export async function setAdminRole(db: Db, id: string, role: AdminRole): Promise<void> {
  await db.transaction(async (trx) => {
    const owners = await lockOwners(trx);
    const admin = await adminOr404(trx, id);
    if (admin.admin_role === 'owner' && role !== 'owner' && owners.filter((o) => o !== id).length === 0) throw new ConflictError(ADMINS_MESSAGES.lastOwner);
    if (admin.admin_role === role) return;
    await trx('users').where({ id }).update({ admin_role: role });
    // A change of privilege ends their sessions: they sign in again, as the role they now have.
    await trx('sessions').where({ user_id: id }).delete();
  });
}

/**
 * An owner removes an admin: the account and every session of it go at once, so their next
 * request (cookie or desktop token) answers 401 and their live-event stream closes at its next
 * heartbeat. The last owner cannot be removed.
 */
export async function removeAdmin(db: Db, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const owners = await lockOwners(trx);
    const admin = await adminOr404(trx, id);
    if (admin.admin_role === 'owner' && owners.filter((o) => o !== id).length === 0) throw new ConflictError(ADMINS_MESSAGES.lastOwner);
    await trx('sessions').where({ user_id: id }).delete();
    await trx('users').where({ id }).delete();
  });
}
