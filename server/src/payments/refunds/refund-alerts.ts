import { formatCents } from '@workshop/shared';
import type { Knex } from 'knex';
import { detachedEmailData, type EmailSender } from '../../email/email.data';
import { queueAdminAlert } from '../../email/email.queue';

/**
 * The "refund failed" alert for a refund that gave up, naming what it still owes as the refund row
 * says now (its amount less the hand money credited to it), never the payment: an admin who
 * refunds the amount it names by hand must not give back what a decision kept. `update` marks a
 * later alert, sent when refunds made by hand of the payment (`handSeenCents` in all) were found
 * since: one per refund and per amount of hand money seen.
 */
export async function queueRefundFailedAlert(trx: Knex.Transaction, sender: EmailSender, refundId: string, handSeenCents?: number): Promise<void> {
  const update = handSeenCents !== undefined;
  const r = await trx('refunds').where({ id: refundId }).first('payment_id', 'provider', 'reason', 'registration_id', 'amount_cents', 'credited_cents', 'attempts', 'last_error');
  if (!r) return;
  const owed = r.amount_cents - r.credited_cents;
  const details: Record<string, string> = {
    'Payment ID': r.payment_id,
    // Several refunds of one payment can give up (a team order's seats): each alert is about one.
    'Refund ID': refundId,
    'Refund still owed': formatCents(owed),
    ...(r.credited_cents > 0 ? { 'Already given back by hand': formatCents(r.credited_cents) } : {}),
    'Refund reason': r.reason,
    Attempts: String(r.attempts),
    'Last error': r.last_error ?? '',
    ...(update
      ? {
          Update:
            owed > 0
              ? 'Refunds made by hand in the provider dashboard were found since the last alert about this payment: only the amount above is still owed for this refund.'
              : 'Refunds made by hand in the provider dashboard now cover this refund: nothing more is owed, and nothing needs doing.',
        }
      : {}),
  };
  // One alert per give-up (its attempts) and per amount it then still owes.
  const dedupeKey = `refund_failed:${refundId}:${r.attempts}:${r.credited_cents}:${handSeenCents ?? 'gave-up'}`;
  await queueAdminAlert(trx, 'admin_refund_failed', sender, { registrationId: r.registration_id, details, data: detachedEmailData(sender, owed, r.provider, details), dedupeKey });
}
