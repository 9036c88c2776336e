import type { PaymentMethod } from '@workshop/shared';
import type { Task } from 'graphile-worker';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { queueDuplicateRefundEmail, queueRefundFailedAlert, type EmailSender } from '../email/email.queue';
import { recordEvent } from './payment-events.queries';
import { refundJob, type RefundJob } from './refund-queue';
import { markRefunded } from './registration-payments.service';

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

/** The money is back: recorded once per payment; a full workshop's registration says so, a double payer is told. */
async function refundDone(d: RefundDeps, job: RefundJob): Promise<void> {
  // "Clear all registrations" may have archived the row meanwhile: the refund is still recorded.
  const exists = Boolean(await d.db('workshop_registrations').where({ id: job.registrationId }).first('id'));
  await recordEvent(d.db, { provider: job.provider, eventId: `refund:${job.paymentId}`, type: 'refund.completed', payload: job, registrationId: exists ? job.registrationId : null });
  if (!exists) return;
  if (job.reason === 'workshop_full') await markRefunded(d.db, job.registrationId, job.paymentId, d.sender);
  if (job.reason === 'duplicate_payment') await d.db.transaction((trx) => queueDuplicateRefundEmail(trx, job.registrationId, d.sender));
}

async function alertAdmins(d: RefundDeps, job: RefundJob, attempts: number, err: unknown): Promise<void> {
  if (!(await d.db('workshop_registrations').where({ id: job.registrationId }).first('id'))) return;
  const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  await d.db.transaction((trx) => queueRefundFailedAlert(trx, job.registrationId, d.sender, { paymentId: job.paymentId, attempts, error }));
}

/** The queued refund: throws while the provider refuses, so graphile-worker tries again with backoff. */
export function refundTask(d: RefundDeps, refunders: Refunders): Task {
  return async (payload, helpers) => {
    const job = refundJob.parse(payload);
    const refunder = refunders[job.provider];
    if (!refunder) throw new Error(`no ${job.provider} credentials configured to refund ${job.paymentId}`);
    try {
      await refunder.refund(job.paymentId, job.registrationId);
    } catch (err) {
      const attempt = helpers.job.attempts;
      if (attempt < helpers.job.max_attempts) {
        d.logger.warn({ err, ...job, attempt }, 'refund failed; will retry');
      } else {
        d.logger.error({ err, ...job, attempt }, 'refund failed for the last time: refund it by hand');
        await alertAdmins(d, job, attempt, err).catch((alertErr) => d.logger.error({ err: alertErr, ...job }, 'could not queue the failed-refund alert'));
      }
      throw err;
    }
    await refundDone(d, job);
    d.logger.info({ ...job }, 'refund went through');
  };
}
