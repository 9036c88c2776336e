import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';
import { type LedgerRow, owedOn } from '../ledger/payment-ledger';

export const REFUND_TASK = 'refund_payment';
/** With the backoff below, 30 attempts are spread over about five days. */
export const REFUND_MAX_ATTEMPTS = 30;

/**
 * workshop_full: paid with no seat left (the registration becomes refunded, the buyer is told);
 * promo_used_up: paid for a checkout its buyer let go, whose promo code had no use left by then
 * (refunded and told like a late payer on a full workshop); amount_mismatch: paid the wrong
 * amount; duplicate_payment: a second payment for a seat already paid (the buyer is told);
 * unneeded_payment: another payment on a registration already being refunded or cancelled;
 * unattributed: verified money for an order with no bookable registration; cancellation: what
 * the cancellation policy (or an admin, or the organiser calling the workshop off) gives back for a
 * booking cancelled; workshop_cancelled: paid after the workshop was called off (refunded and told
 * like a late payer on a full workshop); already_booked: paid for an order one of whose people
 * got a seat meanwhile from another booking (refunded and told likewise: one seat per person); replaced: paid for a checkout its buyer had
 * replaced while the newer one held the last seats (refunded and told likewise); goodwill: what an admin gives back of a booking that
 * goes on.
 */
export type RefundReason = 'workshop_full' | 'workshop_cancelled' | 'promo_used_up' | 'already_booked' | 'replaced' | 'amount_mismatch' | 'duplicate_payment' | 'unneeded_payment' | 'unattributed' | 'cancellation' | 'goodwill';

/** A row of `refunds`: one refund the server owes or made. */
export interface RefundRow {
  id: string;
  idempotency_key: string;
  registration_id: string | null;
  provider: PaymentMethod;
  payment_id: string;
  amount_cents: number;
  currency: string;
  reason: RefundReason;
  status: 'queued' | 'succeeded' | 'failed';
  attempts: number;
  last_error: string | null;
  provider_refund_id: string | null;
  claim_id: string | null;
  claimed_until: Date | null;
  outcome_unknown_at: Date | null;
  /** What of it was found already given back by hand at the provider (only the rest was asked for). */
  credited_cents: number;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export interface RefundFor {
  registrationId: string | null;
  reason: RefundReason;
  /** What the provider says it still holds of the payment, when it was just asked: never ask back more. */
  providerRemaining?: number;
}

/**
 * Queues what the payment still owes (captured − kept − what already went back, from the
 * ledger row the caller holds locked), in the caller's transaction, so the decision and its
 * refund commit together: neither a crash nor a provider outage afterwards can lose it, and a
 * replay finds nothing owed. Every refund the server makes starts here. Answers the amount queued.
 */
export async function queueOwedRefund(trx: Knex.Transaction, payment: LedgerRow, r: RefundFor): Promise<number> {
  const owed = await owedOn(trx, payment);
  const amount = Math.min(owed, r.providerRemaining ?? owed);
  if (amount <= 0) return 0;
  const made = await trx('refunds').where({ provider: payment.provider, payment_id: payment.payment_id }).count<{ n: string }[]>('* as n').first();
  const [row] = await trx('refunds')
    .insert({
      // One key per refund of the payment, in order: the provider sees it on every retry of this refund.
      idempotency_key: `refund:${payment.provider}:${payment.payment_id}:${Number(made?.n ?? 0) + 1}`,
      registration_id: r.registrationId,
      provider: payment.provider,
      payment_id: payment.payment_id,
      amount_cents: amount,
      currency: payment.currency,
      reason: r.reason,
    })
    .returning('id');
  await scheduleRefundJob(trx, row.id);
  return amount;
}

/**
 * Wakes the worker for this refund now, or after `inSeconds`. A job is only a wake-up: the
 * refund row holds the attempts and decides when to give up (refund.task.ts), so a job whose
 * retries graphile-worker took away (its key moved to a newer job while it ran) loses nothing.
 */
export async function scheduleRefundJob(trx: Knex | Knex.Transaction, refundId: string, inSeconds = 0): Promise<void> {
  await trx.raw(`SELECT graphile_worker.add_job(?, json_build_object('refund_id', ?::text), run_at => now() + make_interval(secs => ?), max_attempts => ?, job_key => ?)`, [
    REFUND_TASK,
    refundId,
    inSeconds,
    REFUND_MAX_ATTEMPTS,
    `refund:${refundId}`,
  ]);
}

/** graphile-worker's own backoff (e^min(attempt, 10) seconds), kept by the refund row: 30 attempts take about five days. */
export const refundBackoffSeconds = (attempts: number) => Math.round(Math.exp(Math.min(attempts, 10)));
