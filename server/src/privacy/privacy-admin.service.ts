import { randomBytes } from 'node:crypto';
import type { PrivacyOnBehalfInput, PrivacyOnBehalfResult, PrivacyRequestRow } from '@workshop/shared';
import { sha256 } from '../auth/auth.queries';
import type { Db } from '../db/knex';
import { ConflictError } from '../http/errors';
import { answerRequest } from './privacy-requests.service';

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

/** What a request's recorded outcome says, in the list's words. */
function outcomeOf(o: { kind?: string; outcome?: string; held?: boolean } | null): PrivacyRequestRow['outcome'] {
  if (!o) return null;
  if (o.outcome === 'blocked') return 'blocked';
  if (!o.held) return 'nothing_held';
  return o.kind === 'erasure' ? 'erased' : 'exported';
}

/** The newest requests first (issue 27, point 3): who asked what, by which path, when, and how it ended. */
export async function listPrivacyRequests(db: Db): Promise<PrivacyRequestRow[]> {
  const rows = await db('privacy_requests as p')
    .leftJoin('users as u', 'u.id', 'p.requested_by')
    .orderBy('p.created_at', 'desc')
    .limit(500)
    .select('p.id', 'p.email', 'p.kind', 'p.via', 'p.created_at', 'p.confirmed_at', 'p.completed_at', 'p.outcome', 'u.email as requested_by', 'p.reason');
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    kind: r.kind,
    via: r.via,
    received_at: iso(r.created_at)!,
    confirmed_at: iso(r.confirmed_at),
    completed_at: iso(r.completed_at),
    outcome: outcomeOf(r.outcome),
    requested_by: r.requested_by ?? null,
    reason: r.reason ?? null,
  }));
}

/**
 * An owner runs a request for a person who asked another way (a letter, a call): recorded as the
 * owner's, with their reason, and done at once, the same way as the person's own (an erasure is
 * stopped the same way by a booking still to come).
 */
export async function runOnBehalf(db: Db, adminId: string, input: PrivacyOnBehalfInput): Promise<PrivacyOnBehalfResult> {
  const [row] = await db('privacy_requests')
    .insert({ email: input.email, kind: input.kind, via: 'admin', requested_by: adminId, reason: input.reason, token_hash: sha256(randomBytes(32).toString('base64url')), expires_at: db.raw(`now() + interval '1 hour'`) })
    .returning('id');
  const result = await answerRequest(db, { id: row.id, email: input.email, kind: input.kind });
  if (!result) throw new ConflictError('This request was already answered.');
  return { id: row.id, result };
}
