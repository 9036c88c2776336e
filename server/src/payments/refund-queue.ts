import type { Knex } from 'knex';
import { z } from 'zod';

export const REFUND_TASK = 'refund_payment';
/** graphile-worker's backoff (e^min(attempt, 10) seconds) spreads 30 attempts over about five days. */
const MAX_ATTEMPTS = 30;

export const refundJob = z.object({
  provider: z.enum(['paypal', 'razorpay']),
  paymentId: z.string().min(1),
  registrationId: z.string().min(1),
  /**
   * workshop_full: the registration becomes `refunded` and the buyer is told once the money is back;
   * duplicate_payment: the buyer is told; amount_mismatch and unneeded_payment (another payment on a
   * registration already being refunded) are only recorded.
   */
  reason: z.enum(['workshop_full', 'amount_mismatch', 'duplicate_payment', 'unneeded_payment']),
});
export type RefundJob = z.infer<typeof refundJob>;

/**
 * Records that this money must go back, in the caller's transaction, so the registration's new
 * state and the refund commit together: a crash or a provider outage afterwards cannot lose
 * it. The worker picks the job up at once and retries it with backoff until the provider
 * accepts; one job per payment, and the refund itself is idempotent at the provider.
 */
export async function queueRefund(trx: Knex.Transaction, job: RefundJob): Promise<void> {
  await trx.raw(`SELECT graphile_worker.add_job(?, ?::json, max_attempts => ?, job_key => ?)`, [
    REFUND_TASK,
    JSON.stringify(job),
    MAX_ATTEMPTS,
    `refund:${job.provider}:${job.paymentId}`,
  ]);
}
