import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';

/**
 * The last business decision about a payment: `seat` (it bought one: all kept), `refund` (it
 * bought nothing: all goes back), a cancellation that kept part or all of it, or a refund made
 * at the provider by hand.
 */
export type PaymentDecision = 'seat' | 'refund' | 'cancelled_by_buyer' | 'cancelled_by_admin' | 'refunded_by_admin' | 'goodwill_by_admin' | 'cancelled_by_organiser' | 'refunded_at_provider';

/** A row of `payments`: one payment a provider captured for us, and what the business keeps of it. */
export interface LedgerRow {
  id: string;
  provider: PaymentMethod;
  payment_id: string;
  order_id: string | null;
  registration_id: string | null;
  amount_cents: number;
  currency: string;
  kept_cents: number;
  refunded_outside_cents: number;
  /** Of `refunded_outside_cents`, what policy cancellations already counted toward their refund. */
  outside_counted_cents: number;
  decision: PaymentDecision;
}

export interface CapturedPayment {
  provider: PaymentMethod;
  paymentId: string;
  orderId?: string | null;
  registrationId: string | null;
  amountCents: number;
  currency: string;
  /**
   * What the provider shows already refunded when the payment is first seen. None of it can be
   * ours (every refund of ours is queued against this payment's ledger row, which does not exist
   * yet), so it was given back by hand at the provider's dashboard.
   */
  refundedAtProviderCents?: number;
}

export class RefundBeyondKept extends Error {}

/**
 * The payment's ledger row, locked: every refund of the payment and every decision about it
 * takes this lock, so "what is still owed" is read and acted on by one transaction at a time.
 * Undefined for a payment never seen before.
 */
export async function lockPayment(trx: Knex.Transaction, provider: PaymentMethod, paymentId: string): Promise<LedgerRow | undefined> {
  return trx('payments').where({ provider, payment_id: paymentId }).forUpdate().first();
}

/**
 * Whether a payment or order was deleted after its retention period (issue 27, point 1). A provider
 * message about it is a replay of something settled long ago: nothing is recorded, nothing goes back.
 * The database refuses a ledger row for a forgotten payment too (`payments_not_forgotten`).
 */
export async function isForgotten(db: Knex, provider: PaymentMethod, kind: 'payment' | 'order', id: string): Promise<boolean> {
  const r = await db.raw('SELECT EXISTS (SELECT 1 FROM forgotten_payments WHERE key_hash = payment_key_hash(?, ?, ?)) AS gone', [provider, kind, id]);
  return r.rows[0].gone === true;
}

/**
 * The first decision about money that arrived: it buys a seat (all kept) or nothing (all goes
 * back). Never overrides a decision already made: a replay finds the row as it is. Answers the
 * row, locked.
 */
export async function recordPayment(trx: Knex.Transaction, p: CapturedPayment, decision: 'seat' | 'refund'): Promise<LedgerRow> {
  const inserted = await trx('payments')
    .insert({
      provider: p.provider,
      payment_id: p.paymentId,
      order_id: p.orderId ?? null,
      registration_id: p.registrationId,
      amount_cents: p.amountCents,
      currency: p.currency,
      kept_cents: decision === 'seat' ? p.amountCents : 0,
      decision,
    })
    .onConflict(['provider', 'payment_id'])
    .ignore()
    .returning('id');
  const row = (await lockPayment(trx, p.provider, p.paymentId)) as LedgerRow;
  // Counted once, here, so neither the first refund's amount nor its runner takes the hand money off a second time.
  if (inserted.length && p.refundedAtProviderCents) return noteRefundedOutside(trx, row, p.refundedAtProviderCents);
  return row;
}

/** What the payment's refunds (queued, made, or given up on and waiting for an admin) add up to. */
async function allocated(trx: Knex.Transaction, row: LedgerRow): Promise<number> {
  const r = await trx('refunds').where({ provider: row.provider, payment_id: row.payment_id }).sum<{ s: string | null }[]>('amount_cents as s').first();
  return Number(r?.s ?? 0);
}

/**
 * Captured, minus what the last decision kept, minus what already went back or is on its way
 * (our refunds, and any made at the provider by hand): the one computation of what a payment
 * still owes. The caller holds the row's lock.
 */
export async function owedOn(trx: Knex.Transaction, row: LedgerRow): Promise<number> {
  return Math.max(0, row.amount_cents - row.kept_cents - row.refunded_outside_cents - (await allocated(trx, row)));
}

/** What of the payment the business still keeps: the most a new decision can give back. */
export const keptOf = (row: LedgerRow) => row.kept_cents;

/**
 * A business decision to give back `cents` more of what a payment kept (a cancellation by
 * policy, an admin's refund): it is final, and a replay of it changes nothing more. Refuses
 * more than is kept. `countsOutside`: part of what went back by hand at the provider (not yet
 * counted by an earlier decision) counts toward it, and is marked counted.
 */
export async function giveBack(trx: Knex.Transaction, row: LedgerRow, cents: number, decision: PaymentDecision, countsOutside = 0): Promise<LedgerRow> {
  if (!Number.isInteger(cents) || cents < 0 || cents > row.kept_cents) throw new RefundBeyondKept(`payment ${row.payment_id} keeps ${row.kept_cents}; ${cents} cannot go back`);
  const [updated] = await trx('payments')
    .where({ id: row.id })
    .update({ kept_cents: row.kept_cents - cents, outside_counted_cents: row.outside_counted_cents + countsOutside, decision, decided_at: trx.fn.now() })
    .returning('*');
  return updated;
}

/**
 * What a policy cancellation of `policyCents` gives back now: what went back by hand at the
 * provider and no earlier decision counted comes off it (a goodwill refund already given is part
 * of what the policy gives back), and never more than is kept.
 */
export function policyRefundNow(row: LedgerRow, policyCents: number): { refundCents: number; countsOutside: number } {
  const uncounted = Math.max(0, row.refunded_outside_cents - row.outside_counted_cents);
  const countsOutside = Math.min(uncounted, policyCents);
  return { refundCents: Math.min(row.kept_cents, policyCents - countsOutside), countsOutside };
}

/**
 * Refunds made at the provider without us (its dashboard) now total `outsideCents`: what they
 * gave back is no longer kept, and is never given back a second time. Never more than is left
 * of the payment beside our own refunds.
 */
export async function noteRefundedOutside(trx: Knex.Transaction, row: LedgerRow, outsideCents: number): Promise<LedgerRow> {
  const all = await allocated(trx, row);
  const outside = Math.min(Math.max(row.refunded_outside_cents, outsideCents), row.amount_cents - all);
  if (outside <= row.refunded_outside_cents) return row;
  const kept = Math.max(0, Math.min(row.kept_cents, row.amount_cents - outside - all));
  const [updated] = await trx('payments')
    .where({ id: row.id })
    .update({ refunded_outside_cents: outside, kept_cents: kept, ...(kept < row.kept_cents ? { decision: 'refunded_at_provider', decided_at: trx.fn.now() } : {}) })
    .returning('*');
  return updated;
}
