import { PROMO_MESSAGES, promoDiscount, type PromoKind } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { AppError } from '../http/errors';
import { countCodeTaken } from './promo-codes.queries';

export interface PricedCode {
  id: string;
  code: string;
  discount: number;
  amount: number;
  maxUses: number | null;
}

const refuse = (message: string) => new AppError(409, 'promo_invalid', message);

/**
 * The code's price for this workshop, from the code row and the workshop's price (never the
 * client's), or a refusal saying why. Dates are judged by the database's clock. `lock` takes the
 * code row's lock (checkout: after the workshop's, before any registration's).
 */
export async function priceCode(
  db: Db | Knex.Transaction,
  code: string,
  workshop: { id: string; price_usd_cents: number },
  opts: { lock: boolean },
): Promise<PricedCode> {
  const q = db('promo_codes')
    .where({ code })
    .first('id', 'code', 'kind', 'value', 'workshop_id', 'max_uses', 'active', db.raw('coalesce(starts_at > now(), false) AS not_started'), db.raw('coalesce(ends_at <= now(), false) AS expired'));
  const row = await (opts.lock ? q.forNoKeyUpdate() : q);
  if (!row) throw new AppError(404, 'promo_invalid', PROMO_MESSAGES.unknown);
  if (!row.active) throw refuse(PROMO_MESSAGES.inactive);
  if (row.workshop_id && row.workshop_id !== workshop.id) throw refuse(PROMO_MESSAGES.wrongWorkshop);
  if (row.not_started) throw refuse(PROMO_MESSAGES.notStarted);
  if (row.expired) throw refuse(PROMO_MESSAGES.expired);
  const discount = promoDiscount(workshop.price_usd_cents, row.kind as PromoKind, row.value);
  return { id: row.id, code: row.code, discount, amount: workshop.price_usd_cents - discount, maxUses: row.max_uses };
}

/**
 * Refuses a code with no use left: completed uses plus live holds carrying it, counted after the
 * code row is locked (a statement of its own, so it sees every commit made before the lock was
 * granted). Late money (a hold that ran out or was let go) takes a use again only if one is left
 * then: `codeUseLeftFor`.
 */
export async function assertUsesLeft(trx: Db | Knex.Transaction, code: PricedCode, seats = 1): Promise<void> {
  if (code.maxUses === null) return;
  // A code's uses are seats: an order of three takes three.
  if ((await countCodeTaken(trx, code.id)) + seats > code.maxUses) throw refuse(PROMO_MESSAGES.exhausted);
}

/**
 * Whether money arriving for a checkout may still buy its seats at its promo code's price: only when
 * the code's uses by everyone else, counted with the code row locked (as every checkout counts
 * them), leave room for its seats. A checkout whose hold ran out or was let go gave its use back;
 * one still holding keeps it, unless someone counted while its hold looked run out.
 */
export async function codeUseLeftFor(trx: Knex.Transaction, promoCodeId: string, seats: number, registrationId: string): Promise<boolean> {
  const code = await trx('promo_codes').where({ id: promoCodeId }).forNoKeyUpdate().first('id', 'max_uses');
  if (!code || code.max_uses === null) return true;
  return (await countCodeTaken(trx, code.id, registrationId)) + seats <= code.max_uses;
}
