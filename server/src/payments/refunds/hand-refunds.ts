import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';
import type { EmailSender } from '../../email/email.data';
import { lockPayment, noteRefundedOutside } from '../ledger/payment-ledger';
import { ALREADY_REFUNDED, type ProviderRefund } from '../payment-provider';
import { refundCompleted } from '../payments.hooks';
import { queueRefundFailedAlert } from './refund-alerts';
import { OUTCOME_UNKNOWN_MINUTES } from './refund.claim';
import { scheduleRefundJob } from './refund.queue';
import { reopenSentBack } from './refunds-sent-back';

interface Row {
  id: string;
  amount_cents: number;
  credited_cents: number;
  status: 'queued' | 'succeeded' | 'failed';
  provider_refund_id: string | null;
  in_flight: boolean;
}

/**
 * The refunds the provider made of a payment that are not ours are refunds made by hand at its
 * dashboard. Ours are told by identity (the key each carried, or the id it was recorded with),
 * never by totals, so a refund of ours whose answer was lost or whose runner died is never taken
 * for one made by hand. Hand money nothing here accounts for yet goes first to our refunds of the
 * payment still open whose call has not been made (an admin carrying out one that gave up, as the
 * alert asks; a goodwill refund whose webhook came late while a decision's refund waited): each
 * is credited (`credited_cents`) and asks only for the rest; one fully credited is woken to record
 * itself. A refund whose call may be in flight (claimed, answer lost) or already landed (its key
 * is at the provider) is never credited: it would be paid twice. `self` is the caller's own
 * refund, about to make its call. What is left is a decision of its own: no longer kept
 * (noteRefundedOutside), once no call of ours that may still land could turn out to be refused
 * for want of the room it took (then it is that refund's money, and a fee the decision kept
 * stays kept). A refund of ours the provider reports failed (`sentBack`: the bank sent it back) is
 * owed again first (refunds-sent-back.ts), so hand money goes to it like to any open refund. Hand money credited to a refund that gave up is the admin carrying out an alert:
 * every refund of the payment that gave up is alerted again with what it now owes. Run with nothing locked; it locks the payment's
 * ledger row, the lock every decision and refund of that payment is queued under.
 */
export async function attributeHandRefunds(
  trx: Knex.Transaction,
  provider: PaymentMethod,
  paymentId: string,
  atProvider: ProviderRefund[],
  self: string | undefined,
  sender: EmailSender,
  sentBack: string[] = [],
): Promise<{ madeAgain: number }> {
  const payment = await lockPayment(trx, provider, paymentId);
  if (!payment) return { madeAgain: 0 };
  // A refund of ours the bank sent back is owed again before any hand money is counted.
  const madeAgain = await reopenSentBack(trx, provider, paymentId, sentBack, sender);
  const rows: Row[] = await trx('refunds')
    .where({ provider, payment_id: paymentId })
    .orderBy('created_at')
    .select(
      'id',
      'amount_cents',
      'credited_cents',
      'status',
      'provider_refund_id',
      // A call whose answer was lost can land until OUTCOME_UNKNOWN_MINUTES after; one older that is not at the provider never landed.
      trx.raw(`(coalesce(claimed_until > now(), false) OR coalesce(outcome_unknown_at > now() - make_interval(mins => ?), false)) AS in_flight`, [OUTCOME_UNKNOWN_MINUTES]),
    );
  const ourKeys = new Set(rows.map((r) => r.id));
  const recorded = new Set(rows.map((r) => r.provider_refund_id).filter((id): id is string => Boolean(id)));
  const landed = new Set(atProvider.map((f) => f.key).filter((k): k is string => k !== null && ourKeys.has(k)));
  const byHand = atProvider.filter((f) => !(f.key && ourKeys.has(f.key)) && !recorded.has(f.id));
  // A refund of ours recorded as made with nothing of ours at the provider (PayPal said the capture was refunded in full
  // already) was made by hand money too. Only that record says so: a refund recorded with the provider's own id that this
  // list lacks landed after the list was read (it is taken before the lock), and took no hand money.
  const coveredByHand = rows
    .filter((r) => r.status === 'succeeded' && r.provider_refund_id === ALREADY_REFUNDED && !landed.has(r.id))
    .reduce((sum, r) => sum + (r.amount_cents - r.credited_cents), 0);
  const accounted = rows.reduce((sum, r) => sum + r.credited_cents, 0) + coveredByHand + payment.refunded_outside_cents;
  let unaccounted = byHand.reduce((sum, f) => sum + f.amountCents, 0) - accounted;
  if (unaccounted <= 0) return { madeAgain };
  // Refunds that gave up first: their alert asked an admin to give the money back by hand, and
  // nothing else will pay them. Then the caller's own (it is about to ask for the rest), then the
  // others in order: those still queued are paid by their own runs.
  const rank = (r: Row) => (r.status === 'failed' ? 0 : r.id === self ? 1 : 2);
  const open = rows.filter((r) => r.status !== 'succeeded' && !landed.has(r.id) && (r.id === self || !r.in_flight)).sort((a, b) => rank(a) - rank(b));
  let creditedFailed = false;
  for (const r of open) {
    const credit = Math.min(r.amount_cents - r.credited_cents, unaccounted);
    if (credit <= 0) continue;
    unaccounted -= credit;
    const covered = r.credited_cents + credit >= r.amount_cents;
    await trx('refunds')
      .where({ id: r.id })
      .update({ credited_cents: r.credited_cents + credit, updated_at: trx.fn.now(), ...(covered && r.status === 'failed' ? { status: 'queued' } : {}) });
    // Fully given back by hand: woken to record itself (no provider call), unless it is the caller.
    if (covered && r.id !== self) await scheduleRefundJob(trx, r.id);
    if (r.status === 'failed') creditedFailed = true;
  }
  // Hand money went to a refund that gave up. Which alert the admin carried out cannot be known
  // (two seats' refunds of one order name the same amount): every refund of the payment that gave
  // up is alerted again with what it owes now, nothing for the ones the hand money covers.
  if (creditedFailed) {
    const seen = byHand.reduce((sum, f) => sum + f.amountCents, 0);
    for (const r of rows.filter((x) => x.status === 'failed')) await queueRefundFailedAlert(trx, sender, r.id, seen);
  }
  // While a call of ours may still land, what the rest is waits on it: landed, the rest came on top
  // of it (noted at the next look); refused, it was that refund's own money (its runner credits it then).
  const waiting = rows.some((r) => r.in_flight && r.id !== self && r.status !== 'succeeded' && !landed.has(r.id));
  if (unaccounted > 0 && !waiting) {
    const noted = await noteRefundedOutside(trx, payment, payment.refunded_outside_cents + unaccounted);
    // Money back with the buyer that no refund of ours carries: its credit note, once per amount noted (the total names it).
    const back = noted.refunded_outside_cents - payment.refunded_outside_cents;
    if (back > 0) await refundCompleted.emit(trx, { registrationId: null, paymentId, refundKey: `outside:${paymentId}:${noted.refunded_outside_cents}`, cents: back, sender });
  }
  return { madeAgain };
}
