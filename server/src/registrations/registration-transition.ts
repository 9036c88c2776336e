import type { Knex } from 'knex';
import { canTransition, type Status } from './registration-status';

export class TransitionError extends Error {
  constructor(
    readonly registrationId: string,
    readonly from: readonly Status[],
    readonly to: Status,
  ) {
    super(`registration ${registrationId} is not ${from.join(' or ')}, so it cannot become ${to}`);
  }
}

/**
 * The one way a registration's status changes: `UPDATE … WHERE status IN (from)`, so a row that
 * moved meanwhile is never overwritten. Returns the updated row, or undefined when the row was
 * not in `from` (callers that must not miss use `transition`). The database trigger refuses any
 * pair the state table does not list, whoever writes.
 */
export async function tryTransition<T = Record<string, unknown>>(
  trx: Knex | Knex.Transaction,
  registrationId: string,
  from: readonly Status[],
  to: Status,
  patch: Record<string, unknown> = {},
): Promise<T | undefined> {
  for (const f of from) if (!canTransition(f, to)) throw new Error(`state table: ${f} → ${to} is not allowed`);
  const [row] = await trx('workshop_registrations')
    .where({ id: registrationId })
    .whereIn('status', from)
    .update({ ...patch, status: to, updated_at: trx.fn.now() })
    .returning('*');
  return row as T | undefined;
}

export async function transition<T = Record<string, unknown>>(
  trx: Knex | Knex.Transaction,
  registrationId: string,
  from: readonly Status[],
  to: Status,
  patch: Record<string, unknown> = {},
): Promise<T> {
  const row = await tryTransition<T>(trx, registrationId, from, to, patch);
  if (!row) throw new TransitionError(registrationId, from, to);
  return row;
}

/**
 * When a failed checkout with a provider order is first looked at again for money that still
 * arrives (the reconciler's late checks); one without an order has nothing to look at.
 */
export const firstLateCheck = (k: Knex | Knex.Transaction) => k.raw(`CASE WHEN provider_order_id IS NULL THEN NULL ELSE now() + interval '10 minutes' END`);
