import type { PaymentMethod } from '@workshop/shared';
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../db/knex';
import { queueDuplicateRefundEmail, type EmailSender } from '../email/email.queue';
import { recordEvent } from './payment-events.queries';
import { markRefunded } from './registration-payments.service';

export const REFUND_TASK = 'refund_payment';
/** Same horizon as emails: graphile-worker's backoff keeps retrying for about three days. */
const MAX_ATTEMPTS = 30;

const refundJob = z.object({
  provider: z.enum(['paypal', 'razorpay']),
  paymentId: z.string().min(1),
  registrationId: z.string().min(1),
  /** workshop_full: the registration becomes `refunded` and the buyer is told once the money is back. */
  reason: z.enum(['workshop_full', 'amount_mismatch', 'duplicate_payment']),
});
export type RefundJob = z.infer<typeof refundJob>;

/** A provider's full refund of one payment, safe to call again after a success. */
export interface Refunder {
  refund(paymentId: string, registrationId: string): Promise<void>;
}
export type Refunders = Partial<Record<PaymentMethod, Refunder>>;

export interface RefundDeps {
  db: Db;
  logger: Logger;
  sender: EmailSender;
}

async function queueRefund(db: Db | Knex.Transaction, job: RefundJob): Promise<void> {
  await db.raw(`SELECT graphile_worker.add_job(?, ?::json, max_attempts => ?, job_key => ?)`, [
    REFUND_TASK,
    JSON.stringify(job),
    MAX_ATTEMPTS,
    `refund:${job.provider}:${job.paymentId}`,
  ]);
}

/** The money is back: recorded once per payment; a full workshop's registration says so, a double payer is told. */
async function refundDone(d: RefundDeps, job: RefundJob): Promise<void> {
  await recordEvent(d.db, { provider: job.provider, eventId: `refund:${job.paymentId}`, type: 'refund.completed', payload: job, registrationId: job.registrationId });
  if (job.reason === 'workshop_full') await markRefunded(d.db, job.registrationId, job.paymentId, d.sender);
  if (job.reason === 'duplicate_payment') await d.db.transaction((trx) => queueDuplicateRefundEmail(trx, job.registrationId, d.sender));
}

/**
 * Verified money the server must give back. It is refunded at once when the provider
 * answers; when it does not, the refund goes into the durable job queue and is retried until
 * it succeeds, so a provider outage never leaves a buyer charged for nothing. Answers
 * whether the money is back already.
 */
export async function refundNowOrLater(d: RefundDeps, refunder: Refunder, job: RefundJob): Promise<boolean> {
  try {
    await refunder.refund(job.paymentId, job.registrationId);
  } catch (err) {
    d.logger.warn({ err, ...job }, 'refund failed; queued for retry');
    await queueRefund(d.db, job);
    return false;
  }
  await refundDone(d, job);
  return true;
}

/** The queued retry: throws while the provider still refuses, so graphile-worker tries again with backoff. */
export function refundTask(d: RefundDeps, refunders: Refunders): Task {
  return async (payload) => {
    const job = refundJob.parse(payload);
    const refunder = refunders[job.provider];
    if (!refunder) throw new Error(`no ${job.provider} credentials configured to refund ${job.paymentId}`);
    await refunder.refund(job.paymentId, job.registrationId);
    await refundDone(d, job);
    d.logger.info({ ...job }, 'queued refund went through');
  };
}
