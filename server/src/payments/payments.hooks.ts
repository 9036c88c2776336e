import { transactionHook } from '../domain-events/transaction-hook';
import type { EmailSender } from '../email/email.data';

/**
 * What the payments domain lets the domains above it follow, in the transaction that decides
 * (subscribed in server/src/plugins/domain-hooks.ts).
 */

/** A registration became `completed`: its money was verified (or a promo code made it free); `byHand`: an admin added it by hand, no checkout sold it. */
export const paymentCompleted = transactionHook<{ registrationId: string; byHand: boolean }>('payment completed');

/** A checkout ended unpaid and its person landed in revive (expired, declined, closed, not charged). */
export const checkoutAbandoned = transactionHook<{ registration: { id: string; workshop_id: string; name: string; email: string; phone: string } }>('checkout abandoned');

/**
 * Money of a payment is all back with the buyer (the refund queue's refund succeeded, or an admin
 * gave back by hand what a booking paid outside the site: no `paymentId`), once per refund:
 * `cents`, its whole amount; `registrationId`, the order it was for, if it is still here (a clear
 * removes it); `sender` to write to the buyer.
 */
export const refundCompleted = transactionHook<{ registrationId: string | null; paymentId: string | null; refundKey: string; cents: number; sender: EmailSender }>('refund completed');
