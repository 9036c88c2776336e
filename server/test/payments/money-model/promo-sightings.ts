import type { Db } from '../../../src/db/knex';

/** What the driver saw of a registration carrying the one-use code, step by step. */
export interface PromoSighting {
  /** The buyer let the checkout go themselves (cancelled or closed it, even after its hold ran out, or replaced it with another). */
  released: boolean;
  /** Its hold ran out (its buyer may still pay or approve it later). */
  expired: boolean;
  /** Seen booked (completed) after some step. */
  booked?: boolean;
}

/** The buyer let this checkout go (cancelled it, or replaced it with another): its code's use went back. */
export function markReleased(sightings: Map<string, PromoSighting>, id: string): void {
  sightings.set(id, { ...(sightings.get(id) ?? { expired: false }), released: true });
}

/**
 * How each checkout with the one-use code stands (released by its buyer, expired), looked at
 * after every step and once the holds ran out when everything settles. A checkout its buyer let
 * go, or whose hold ran out, that is first seen booked must have found the use free: nobody
 * booked with the code before it.
 */
export async function observePromoCode(db: Db, onceCodeId: string, sightings: Map<string, PromoSighting>, problems: string[]): Promise<void> {
  const rows = await db('workshop_registrations')
    .where({ promo_code_id: onceCodeId })
    .select('id', 'status', 'status_reason', 'completed_at', db.raw('coalesce(hold_expires_at <= now(), false) AS expired'));
  for (const r of rows) {
    const seen = sightings.get(r.id) ?? { released: false, expired: false };
    if (r.status === 'failed' && (r.status_reason === 'cancelled' || r.status_reason === 'replaced')) seen.released = true;
    if ((r.status === 'pending' && r.expired) || (r.status === 'failed' && r.status_reason === 'hold_expired')) seen.expired = true;
    if (r.status === 'completed' && (seen.released || seen.expired) && !seen.booked) {
      const before = rows.filter((o) => o.id !== r.id && o.status === 'completed' && o.completed_at < r.completed_at);
      const how = seen.released ? 'its buyer let go' : 'whose hold had run out';
      if (before.length) problems.push(`a checkout ${how} was booked with the one-use code after ${before.length} other booking(s) had used it`);
    }
    if (r.status === 'completed') seen.booked = true;
    sightings.set(r.id, seen);
  }
}
