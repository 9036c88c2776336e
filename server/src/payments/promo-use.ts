import type { Knex } from 'knex';
import { useLeftForLateCheckout } from '../promo-codes/promo-pricing.service';

/**
 * Whether this checkout's money may still buy its seats at its promo code's price. A checkout that
 * holds its seat holds its code's use too. One that no longer holds (its buyer let it go, or its
 * hold ran out) gave the use back and takes it again only if one is left now: otherwise anyone
 * could start checkouts with a one-use code, let their holds run out, and pay them all later.
 * So an approval is not captured, and money already taken is refunded in full.
 */
export async function promoUseLeft(trx: Knex.Transaction, reg: { promo_code_id?: string | null; holding: boolean; seats?: number }): Promise<boolean> {
  if (!reg.promo_code_id || reg.holding) return true;
  // A use is a seat: a team order let go takes back as many uses as it has seats, or none.
  return useLeftForLateCheckout(trx, reg.promo_code_id, reg.seats ?? 1);
}
