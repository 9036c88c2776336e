import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';

export const REFUND_TASK = 'refund_payment';
/** graphile-worker's backoff (e^min(attempt, 10) seconds) spreads 30 attempts over about five days. */
export const REFUND_MAX_ATTEMPTS = 30;

/**
 * workshop_full: paid with no seat left (the registration becomes refunded, the buyer is told);
 * amount_mismatch: paid the wrong amount; duplicate_payment: a second payment for a seat already
 * paid (the buyer is told); unneeded_payment: another payment on a registration already being
 * refunded; unattributed: verified money for an order with no bookable registration;
 * cancellation: what the cancellation policy (or an admin) gives back for a booking cancelled.
 */
export type RefundReason = 'workshop_full' | 'amount_mismatch' | 'duplicate_payment' | 'unneeded_payment' | 'unattributed' | 'cancellation';

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
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export interface OwedRefund {
  registrationId: string | null;
  provider: PaymentMethod;
  paymentId: string;
  amountCents: number;
  currency: string;
  reason: RefundReason;
  /** One refund per key: automatic refunds key by payment, a cancellation by registration. */
  idempotencyKey?: string;
}

/**
 * Records that this money must go back, in the caller's transaction, so the registration's new
 * state and the refund commit together: neither a crash nor a provider outage afterwards can
 * lose it. One automatic refund per payment: a replay finds the row and changes nothing, so its
 * attempts keep counting. Answers whether this call queued it.
 */
export async function queueRefund(trx: Knex.Transaction, r: OwedRefund): Promise<boolean> {
  const [row] = await trx('refunds')
    .insert({
      idempotency_key: r.idempotencyKey ?? `auto:${r.provider}:${r.paymentId}`,
      registration_id: r.registrationId,
      provider: r.provider,
      payment_id: r.paymentId,
      amount_cents: r.amountCents,
      currency: r.currency,
      reason: r.reason,
    })
    .onConflict('idempotency_key')
    .ignore()
    .returning('id');
  if (!row) return false;
  await scheduleRefundJob(trx, row.id);
  return true;
}

/** The worker picks it up at once and retries with backoff while the provider refuses. */
export async function scheduleRefundJob(trx: Knex | Knex.Transaction, refundId: string): Promise<void> {
  await trx.raw(`SELECT graphile_worker.add_job(?, json_build_object('refund_id', ?::text), max_attempts => ?, job_key => ?)`, [REFUND_TASK, refundId, REFUND_MAX_ATTEMPTS, `refund:${refundId}`]);
}
