import { errorText } from '../../http/error-text';
import type { Task } from 'graphile-worker';
import { formatCents } from '@workshop/shared';
import { detachedEmailData } from '../../email/email.data';
import { queueAdminAlert, queueDuplicateRefundEmail, queueRefundEmails } from '../../email/email.queue';
import { tryTransition } from '../../registrations/registration-transition';
import { recordEvent } from '../payment-events.queries';
import type { PaymentsContext } from '../payments.context';
import { REFUND_MAX_ATTEMPTS, type RefundRow } from './refund.queue';

const NOTES: Record<RefundRow['reason'], string> = {
  workshop_full: 'The workshop filled up before your payment arrived: full refund.',
  duplicate_payment: 'A second payment for a seat already paid: refunded in full.',
  amount_mismatch: 'The amount paid did not match the workshop price: refunded in full.',
  unneeded_payment: 'A payment for a registration already being refunded: refunded in full.',
  unattributed: 'A payment we could not match to a registration: refunded in full.',
  cancellation: 'Your booking was cancelled: refund under the cancellation policy.',
};

/** The money is back: recorded once; the registration says so when nothing else is owed on it; the buyer is told. */
async function refundSucceeded(ctx: PaymentsContext, r: RefundRow, providerRefundId: string): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    // Settlement locks the registration and then queues refunds on it; taking the same order here
    // keeps the two from deadlocking, and no refund can be queued between "nothing else is open"
    // and the registration becoming refunded.
    if (r.registration_id) await trx('workshop_registrations').where({ id: r.registration_id }).forNoKeyUpdate().first('id');
    const changed = await trx('refunds')
      .where({ id: r.id, status: r.status })
      .update({ status: 'succeeded', provider_refund_id: providerRefundId, completed_at: trx.fn.now(), updated_at: trx.fn.now(), last_error: null });
    if (!changed) return;
    const eventId = r.idempotency_key.startsWith('auto:') ? `refund:${r.payment_id}` : `refund:${r.idempotency_key}`;
    await recordEvent(trx, { provider: r.provider, eventId, type: 'refund.completed', payload: { ...r, provider_refund_id: providerRefundId }, registrationId: r.registration_id });
    if (!r.registration_id) return;
    if (r.reason === 'duplicate_payment') return queueDuplicateRefundEmail(trx, r.registration_id, ctx.sender);
    const open = await trx('refunds').where({ registration_id: r.registration_id }).whereNot({ status: 'succeeded' }).first('id');
    if (open) return;
    const done = await tryTransition(trx, r.registration_id, ['refund_pending'], 'refunded');
    if (done && r.reason === 'workshop_full') await queueRefundEmails(trx, r.registration_id, ctx.sender);
  });
}

async function refundGaveUp(ctx: PaymentsContext, r: RefundRow, attempts: number, error: string): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    // Only the attempt that gave up: an admin's retry that landed meanwhile keeps its queued job.
    const changed = await trx('refunds').where({ id: r.id, status: 'queued' }).whereRaw('attempts = ?', [attempts]).update({ status: 'failed', updated_at: trx.fn.now() });
    if (!changed) return;
    const details = { 'Payment ID': r.payment_id, 'Refund reason': r.reason, Attempts: String(attempts), 'Last error': error };
    const data = detachedEmailData(ctx.sender, r.amount_cents, r.provider, details);
    await queueAdminAlert(trx, 'admin_refund_failed', ctx.sender, { registrationId: r.registration_id, details, data });
  });
}

/**
 * One queued refund: made through the provider interface with the refund's own key, so a retry
 * after a lost answer cannot refund twice. While the provider refuses it throws, and
 * graphile-worker tries again with backoff; the last attempt marks it failed and alerts the
 * admin address. Attempts are our own count, kept across an admin's retry.
 */
export function refundTask(ctx: PaymentsContext): Task {
  return async (payload, helpers) => {
    const refundId = (payload as { refund_id?: string })?.refund_id;
    const r: RefundRow | undefined = refundId ? await ctx.db('refunds').where({ id: refundId }).first() : undefined;
    if (!r || r.status === 'succeeded') return;
    const [{ attempts }] = await ctx.db('refunds').where({ id: r.id }).update({ attempts: ctx.db.raw('attempts + 1'), updated_at: ctx.db.fn.now() }).returning('attempts');
    try {
      const provider = ctx.providers[r.provider];
      if (!provider) throw new Error(`${r.provider} is not enabled on this server, so its refunds cannot be made`);
      const { refundId: providerRefundId } = await provider.refund({
        paymentId: r.payment_id,
        amountCents: r.amount_cents,
        currency: r.currency,
        idempotencyKey: r.id,
        note: NOTES[r.reason],
      });
      await refundSucceeded(ctx, r, providerRefundId);
      ctx.logger.info({ refundId: r.id, paymentId: r.payment_id, amount: formatCents(r.amount_cents) }, 'refund went through');
    } catch (err) {
      const error = errorText(err);
      await ctx.db('refunds').where({ id: r.id }).update({ last_error: error, updated_at: ctx.db.fn.now() });
      const last = helpers.job.attempts >= Math.min(helpers.job.max_attempts, REFUND_MAX_ATTEMPTS);
      if (last) {
        ctx.logger.error({ err, refundId: r.id, attempts }, 'refund failed for the last time: the admins are told');
        await refundGaveUp(ctx, r, attempts, error).catch((alertErr) => ctx.logger.error({ err: alertErr, refundId: r.id }, 'could not record the failed refund'));
      } else {
        ctx.logger.warn({ err: error, refundId: r.id, attempt: attempts }, 'refund failed; will retry');
      }
      throw err;
    }
  };
}

