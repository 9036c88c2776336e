import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';
import type { EmailSender } from '../../email/email.data';
import { queueRefundFailedAlert } from './refund-alerts';
import { scheduleRefundJob } from './refund.queue';

/** What a refund made again says on its row, for the admin reading the registration's refunds. */
export const SENT_BACK_NOTE = 'The provider accepted this refund, then reported it failed (the bank sent the money back): made again.';
/** And one the bank sent back a second time: it waits for an admin. */
export const SENT_BACK_AGAIN_NOTE =
  'The bank sent this refund back twice: the card or account it goes to cannot take it. Give it back another way (then retry, once the money went back by hand at the provider), or retry if the buyer fixed it.';

/**
 * Refunds of ours that the provider accepted and later reports failed (Razorpay's `refund.failed`:
 * the bank sent the money back to the merchant): the buyer never got it, so each is owed again.
 * The first time, the same row goes back to the queue, under the same key and amount (what it
 * counted as given back by hand stays counted); its attempts go on counting, so a give-up after it
 * is alerted like any other. Nothing is owed twice: the provider's lookup of a key ignores a refund
 * that failed (a new one is made under it, then found under it), and the credit note stands (issued
 * once per refund). Sent back a second time, the card or account cannot take it: the refund fails
 * and the admins get the "refund failed" alert naming what it owes, as for any refund that gave up.
 * Run by hand-refunds.ts under the payment's ledger lock, before any hand money is attributed, so
 * every look at the provider's refunds sees the refund owed again first. Answers how many.
 */
export async function reopenSentBack(trx: Knex.Transaction, provider: PaymentMethod, paymentId: string, failedIds: string[], sender: EmailSender): Promise<number> {
  if (!failedIds.length) return 0;
  const rows: { id: string; sent_back: number }[] = await trx('refunds')
    .where({ provider, payment_id: paymentId, status: 'succeeded' })
    .whereIn('provider_refund_id', failedIds)
    .forUpdate()
    .select('id', 'sent_back');
  for (const r of rows) {
    const again = r.sent_back >= 1;
    await trx('refunds')
      .where({ id: r.id })
      .update({
        status: again ? 'failed' : 'queued',
        sent_back: r.sent_back + 1,
        provider_refund_id: null,
        completed_at: null,
        last_error: again ? SENT_BACK_AGAIN_NOTE : SENT_BACK_NOTE,
        claim_id: null,
        claimed_until: null,
        outcome_unknown_at: null,
        updated_at: trx.fn.now(),
      });
    if (again) await queueRefundFailedAlert(trx, sender, r.id);
    else await scheduleRefundJob(trx, r.id);
  }
  return rows.length;
}
