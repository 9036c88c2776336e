import { createHash, randomBytes } from 'node:crypto';
import type { AdminWaitlistEntry } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';

/**
 * The personal link's secret: 32 random bytes, a new one per offer, never stored (only its
 * sha256). It reaches the person only inside their offer email.
 */
export function newWaitlistToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, hash: hashWaitlistToken(token) };
}

export const hashWaitlistToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const offerUrl = (base: string, token: string) => `${base}/?waitlist_offer=${token}`;
export const leaveUrl = (base: string, token: string) => `${base}/waitlist/leave?token=${token}`;

/** Whether an offer is live by the database's clock. */
export const OFFER_LIVE = `(e.status = 'offered' AND e.offer_expires_at > now())`;

/**
 * The live offer a checkout link claims, locked; the caller holds the workshop row's lock.
 * Undefined when the link is unknown, for another workshop, used up or expired.
 */
export async function lockLiveOffer(trx: Knex.Transaction, workshopId: string, token: string): Promise<{ id: string; registration_id: string | null } | undefined> {
  return trx('waitlist_entries as e')
    .where({ 'e.workshop_id': workshopId, 'e.token_hash': hashWaitlistToken(token) })
    .whereRaw(OFFER_LIVE)
    .forNoKeyUpdate()
    .first('e.id', 'e.registration_id');
}

/**
 * A registration that was the checkout of a still-live offer (its hold ran out, its money came
 * late): the offer's seat is its own, so it does not need another free one.
 */
export async function hasLiveOffer(trx: Knex.Transaction, registrationId: string): Promise<boolean> {
  return Boolean(await trx('waitlist_entries as e').where('e.registration_id', registrationId).whereRaw(OFFER_LIVE).first('e.id'));
}

/**
 * Someone who booked is done waiting: the entry whose offer they used, and any place they still
 * have in this workshop's line (they may have booked when seats opened to the public).
 */
export async function markWaitlistBooked(trx: Knex.Transaction, reg: { id: string; workshop_id: string; email: string }): Promise<void> {
  await trx('waitlist_entries')
    .where((q) =>
      q
        .where({ registration_id: reg.id })
        .orWhere((o) => o.where({ workshop_id: reg.workshop_id }).whereRaw('lower(email) = lower(?)', [reg.email]).whereIn('status', ['waiting', 'offered', 'expired'])),
    )
    .whereNot('status', 'left')
    .update({ status: 'booked', updated_at: trx.fn.now() });
}

/** 1 = next in line; counted among those still waiting, in order of joining. */
export async function positionOf(db: Db | Knex.Transaction, entryId: string): Promise<number | null> {
  const r = await db.raw(
    `SELECT (SELECT count(*)::int FROM waitlist_entries o WHERE o.workshop_id = e.workshop_id AND o.status = 'waiting' AND (o.created_at, o.id) <= (e.created_at, e.id)) AS position, e.status
       FROM waitlist_entries e WHERE e.id = ?`,
    [entryId],
  );
  const row = r.rows[0];
  return row && row.status === 'waiting' ? row.position : null;
}

export async function listWaitlist(db: Db, workshopId: string): Promise<AdminWaitlistEntry[]> {
  const r = await db.raw(
    `SELECT e.*, ${OFFER_LIVE} AS offer_live,
            CASE WHEN e.status = 'waiting' THEN row_number() OVER (PARTITION BY e.status = 'waiting' ORDER BY e.created_at, e.id) END AS position
       FROM waitlist_entries e WHERE e.workshop_id = ? ORDER BY e.created_at, e.id`,
    [workshopId],
  );
  return r.rows.map((e: Record<string, unknown>) => ({
    id: e.id as string,
    position: e.position === null ? null : Number(e.position),
    name: e.name as string,
    email: e.email as string,
    phone: e.phone as string,
    status: e.status as AdminWaitlistEntry['status'],
    offer_count: e.offer_count as number,
    offered_at: e.offered_at ? new Date(e.offered_at as string).toISOString() : null,
    offer_expires_at: e.offer_expires_at ? new Date(e.offer_expires_at as string).toISOString() : null,
    offered_by: (e.offered_by as AdminWaitlistEntry['offered_by']) ?? null,
    offer_live: Boolean(e.offer_live),
    created_at: new Date(e.created_at as string).toISOString(),
  }));
}
