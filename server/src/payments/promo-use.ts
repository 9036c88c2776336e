import type { Knex } from 'knex';
import { codeUseLeftFor } from '../promo-codes/promo-pricing.service';

/**
 * Whether this checkout's money may still buy its seats at its promo code's price. One that no
 * longer holds its seat (its buyer let it go, or its hold ran out) gave the use back and takes it
 * again only if one is left now: otherwise anyone could start checkouts with a one-use code, let
 * their holds run out, and pay them all later. One still holding is counted again too, with the
 * code row locked: its `holding` was read at its transaction's start, and a checkout elsewhere
 * may have counted the code's uses after its hold ran out while this one waited for its locks.
 * No use left: an approval is not captured, and money already taken is refunded in full.
 */
export async function promoUseLeft(trx: Knex.Transaction, reg: { id: string; promo_code_id?: string | null; seats?: number }): Promise<boolean> {
  if (!reg.promo_code_id) return true;
  // A use is a seat: a team order takes as many uses as it has seats, or none.
  return codeUseLeftFor(trx, reg.promo_code_id, reg.seats ?? 1, reg.id);
}
