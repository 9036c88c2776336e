import type { Knex } from 'knex';
import type { RefundRow } from './refund.queue';

/**
 * How long one runner may hold a refund. Far longer than its provider calls can take (each
 * gives up after PROVIDER_TIMEOUT_MS, at most a minute), so a runner still waiting on the
 * provider never loses its claim; a runner that died lets go when the lease runs out. Waits on
 * the database have no such bound: the lease is renewed (holdClaim) just before each call that
 * makes a refund, so a runner that waited past it never asks.
 */
export const REFUND_LEASE_SECONDS = 300;

/**
 * How long a refund call whose answer was lost may still be made at a provider that takes no
 * idempotency key (Razorpay): until then the refund is only looked for, never asked for again,
 * so a slow provider's late refund and a retry's never both land.
 */
export const OUTCOME_UNKNOWN_MINUTES = 60;

export type ClaimedRefund = RefundRow & {
  /** An earlier call's answer was lost less than OUTCOME_UNKNOWN_MINUTES ago (database clock). */
  may_still_land: boolean;
};

/**
 * Claims a queued refund for this runner and counts the attempt. Undefined when it is done, gave
 * up, or another runner holds it (an admin's retry beside the automatic one, another instance):
 * only the holder ever asks the provider, so one refund is never made twice.
 */
export async function claimRefund(db: Knex, refundId: string): Promise<ClaimedRefund | undefined> {
  const r = await db.raw(
    `UPDATE refunds SET claim_id = gen_random_uuid(), claimed_until = now() + make_interval(secs => ?), attempts = attempts + 1, updated_at = now()
      WHERE id = ? AND status = 'queued' AND (claimed_until IS NULL OR claimed_until <= now())
      RETURNING *, coalesce(outcome_unknown_at > now() - make_interval(mins => ?), false) AS may_still_land`,
    [REFUND_LEASE_SECONDS, refundId, OUTCOME_UNKNOWN_MINUTES],
  );
  return r.rows[0];
}

/** The attempt failed: its error is kept and the refund is free for the next attempt. `unknown`: the call's answer was lost. */
export async function releaseClaim(db: Knex, r: RefundRow, error: string, unknown: boolean): Promise<void> {
  await db('refunds')
    .where({ id: r.id, claim_id: r.claim_id })
    .update({ last_error: error, claim_id: null, claimed_until: null, updated_at: db.fn.now(), ...(unknown ? { outcome_unknown_at: db.fn.now() } : {}) });
}

/** This runner's lease ran out while it waited (another runner may hold the refund now): it must not ask the provider. */
export class ClaimLost extends Error {}

/**
 * Renews this runner's lease for the call it is about to make, if it still holds the refund;
 * throws ClaimLost if its lease ran out meanwhile (by the database's clock), whoever holds it now.
 * Only the provider call is left after it, well inside a fresh lease.
 */
export async function holdClaim(db: Knex, r: RefundRow): Promise<void> {
  const renewed = await db('refunds')
    .where({ id: r.id, claim_id: r.claim_id, status: 'queued' })
    .where('claimed_until', '>', db.fn.now())
    .update({ claimed_until: db.raw('now() + make_interval(secs => ?)', [REFUND_LEASE_SECONDS]), updated_at: db.fn.now() });
  if (!renewed) throw new ClaimLost(`refund ${r.id}: this runner's claim ran out before its provider call`);
}
