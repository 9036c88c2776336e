import { transactionHook } from '../domain-events/transaction-hook';

/**
 * What the payments domain lets the domains above it follow, in the transaction that decides
 * (subscribed in server/src/plugins/domain-hooks.ts).
 */

/** A registration became `completed`: its money was verified (or a promo code made it free); `byHand`: an admin added it by hand, no checkout sold it. */
export const paymentCompleted = transactionHook<{ registrationId: string; byHand: boolean }>('payment completed');

/** A checkout ended unpaid and its person landed in revive (expired, declined, closed, not charged). */
export const checkoutAbandoned = transactionHook<{ registration: { id: string; workshop_id: string; name: string; email: string; phone: string } }>('checkout abandoned');
