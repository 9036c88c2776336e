import type { Knex } from 'knex';
import { useLeftForReleasedCheckout } from '../promo-codes/promo-pricing.service';

/**
 * Whether this checkout's money may still buy its seats at its promo code's price. A checkout that
 * holds its seat holds its code's use too; one its buyer let go (`released_by_buyer_at`) gave
 * the use back and takes it again only if one is left now. A hold that merely expired while
 * its buyer paid keeps the price it was given, past `max_uses` if need be.
 */
export async function promoUseLeft(trx: Knex.Transaction, reg: { promo_code_id?: string | null; released_by_buyer_at?: Date | null; holding: boolean; seats?: number }): Promise<boolean> {
  if (!reg.promo_code_id || !reg.released_by_buyer_at || reg.holding) return true;
  // A use is a seat: a team order let go takes back as many uses as it has seats, or none.
  return useLeftForReleasedCheckout(trx, reg.promo_code_id, reg.seats ?? 1);
}
