import { queueDuplicateRefundEmail, queueRefundEmails } from '../../email/email.queue';
import { lockPayment } from '../ledger/payment-ledger';
import { queueRefundFailedAlert } from './refund-alerts';
import { tryTransition } from '../../registrations/registration-transition';
import { recordEvent } from '../payment-events.queries';
import { refundCompleted } from '../payments.hooks';
import type { PaymentsContext } from '../payments.context';
import type { RefundRow } from './refund.queue';

/** The money is back: recorded once; the registration says so when nothing else is owed on it; the buyer is told. */
export async function refundSucceeded(ctx: PaymentsContext, r: RefundRow, made: { providerRefundId: string; creditedCents: number }): Promise<void> {
  const providerRefundId = made.providerRefundId;
  await ctx.db.transaction(async (trx) => {
    // Settlement locks the registration and then queues refunds on it; taking the same order here
    // keeps the two from deadlocking, and no refund can be queued between "nothing else is open"
    // and the registration becoming refunded.
    if (r.registration_id) await trx('workshop_registrations').where({ id: r.registration_id }).forNoKeyUpdate().first('id');
    const changed = await trx('refunds')
      .where({ id: r.id, status: 'queued' })
      .update({
        status: 'succeeded',
        provider_refund_id: providerRefundId,
        credited_cents: made.creditedCents,
        completed_at: trx.fn.now(),
        updated_at: trx.fn.now(),
        last_error: null,
        claim_id: null,
        claimed_until: null,
        outcome_unknown_at: null,
      });
    if (!changed) return;
    const key = r.idempotency_key;
    const eventId = key.startsWith('auto:') ? `refund:${r.payment_id}` : key.startsWith('refund:') ? key : `refund:${key}`;
    await recordEvent(trx, { provider: r.provider, eventId, type: 'refund.completed', payload: { ...r, provider_refund_id: providerRefundId }, registrationId: r.registration_id });
    // All of the refund is back (part of it may have been given by hand at the provider: `credited`),
    // whether or not its order is still here (a clear removes it; the payment still names the money).
    // A second payment of the same order given back was never invoiced: no credit note for it.
    if (r.reason !== 'duplicate_payment') await refundCompleted.emit(trx, { registrationId: r.registration_id, paymentId: r.payment_id, refundKey: `refund:${r.id}`, cents: r.amount_cents, sender: ctx.sender });
    if (!r.registration_id) return;
    if (r.reason === 'duplicate_payment') await queueDuplicateRefundEmail(trx, r.registration_id, ctx.sender);
    const open = await trx('refunds').where({ registration_id: r.registration_id }).whereNot({ status: 'succeeded' }).first('id');
    if (open) return;
    const done = await tryTransition(trx, r.registration_id, ['refund_pending'], 'refunded');
    if (done && (r.reason === 'workshop_full' || r.reason === 'workshop_cancelled' || r.reason === 'promo_used_up' || r.reason === 'already_booked' || r.reason === 'replaced')) await queueRefundEmails(trx, r.registration_id, ctx.sender, r.reason);
  });
}

/**
 * The last attempt failed: the refund is marked failed and the admin address is told, unless an
 * admin's retry landed during this attempt (a wake-up is waiting, the running job no longer holds
 * the key): that retry gets its attempt.
 */
export async function refundGaveUp(ctx: PaymentsContext, r: RefundRow, attempts: number, error: string): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    // Under the payment's ledger lock, as every crediting of hand money (hand-refunds.ts): a credit
    // is either seen by this alert, or comes after it and finds the refund failed (and alerts again).
    await lockPayment(trx, r.provider, r.payment_id);
    const retried = await trx.raw(`SELECT 1 FROM graphile_worker._private_jobs WHERE key = ? AND locked_at IS NULL`, [`refund:${r.id}`]);
    if (retried.rows.length) return;
    const changed = await trx('refunds').where({ id: r.id, status: 'queued' }).whereRaw('attempts = ?', [attempts]).update({ status: 'failed', last_error: error.slice(0, 2000), updated_at: trx.fn.now() });
    if (!changed) return;
    // Read afresh (refund-alerts.ts): the attempt that just failed may have credited hand money it found at the provider.
    await queueRefundFailedAlert(trx, ctx.sender, r.id);
  });
}
