import type { RegistrationStatus } from '@workshop/shared';

/**
 * A registration's life, in one table (README "Payments and email" draws it too).
 *
 *   pending ──► completed ──► refund_pending ──► refunded
 *      │  ▲         │  └──────► refunded   (refunded at the provider, outside this server)
 *      │  │         └─────────► cancelled  (an admin cancels without refund)
 *      ▼  │
 *    failed ──► completed | refund_pending
 *
 * pending        holds a seat until hold_expires_at (database clock)
 * completed      the server verified the money; the seat is taken
 * failed         no money kept: hold expired, declined, cancelled, replaced (status_reason says which)
 * refund_pending money arrived that buys no seat (or a seat given back): its refund is queued
 * refunded       the money went back
 * cancelled      the booking ended without a refund
 *
 * failed → pending re-holds a seat for a late buyer whose approved payment is about to be captured.
 * The migration 20261122090000 installs the same pairs as a trigger, so no UPDATE can skip this table.
 */
export const REGISTRATION_TRANSITIONS = {
  pending: ['completed', 'failed', 'refund_pending'],
  failed: ['pending', 'completed', 'refund_pending'],
  completed: ['refund_pending', 'refunded', 'cancelled'],
  refund_pending: ['refunded'],
  refunded: [],
  cancelled: [],
} as const satisfies Record<RegistrationStatus, readonly RegistrationStatus[]>;

export type Status = RegistrationStatus;

/**
 * What money captured for a registration means, by the registration's state when that payment is
 * first seen. A payment seen before (a replayed verify, return, webhook or reconcile pass, even
 * after a clear archived its registration) is never decided again: the payment ledger
 * (`payments`, server/src/payments/ledger) holds the last business decision about it, and only
 * what that decision still owes goes back (captured − kept − already refunded), nothing once
 * it was carried out.
 *
 * seat_if_free   it buys the seat the row holds, or one still free (and, for a checkout its buyer
 *                let go, only if its promo code has a use left); else it is refunded in full
 * already_paid   the seat is paid by another payment: this one is refunded in full
 * refund_in_full the registration holds no seat (being refunded, refunded, cancelled): refunded in full
 */
export const FIRST_SEEN_PAYMENT = {
  pending: 'seat_if_free',
  failed: 'seat_if_free',
  completed: 'already_paid',
  refund_pending: 'refund_in_full',
  refunded: 'refund_in_full',
  cancelled: 'refund_in_full',
} as const satisfies Record<RegistrationStatus, 'seat_if_free' | 'already_paid' | 'refund_in_full'>;

export function canTransition(from: Status, to: Status): boolean {
  return from === to || (REGISTRATION_TRANSITIONS[from] as readonly string[]).includes(to);
}

/** status_reason values: why a row is where it is, read by admins in the lists. */
export const REASONS = {
  cancelled: 'cancelled',
  declined: 'declined',
  amountMismatch: 'amount_mismatch',
  holdExpired: 'hold_expired',
  providerError: 'provider_error',
  /** The buyer started another checkout for the same workshop: the older hold is let go. */
  replaced: 'replaced',
  /** Paid after the workshop filled up: refunded in full. */
  workshopFull: 'workshop_full_refunded',
  /** Paid after the organiser cancelled the workshop: refunded in full. */
  workshopCancelled: 'workshop_cancelled_refunded',
  /** Approved after the organiser cancelled the workshop: no money was taken. */
  cancelledNotCharged: 'workshop_cancelled_not_charged',
  /** An unpaid checkout the workshop's cancellation ended. */
  holdCancelled: 'workshop_cancelled',
  /** Approved, but the workshop filled up before we captured: no money was taken. */
  fullNotCharged: 'workshop_full_not_charged',
  /** The provider took the money but has not completed the capture yet (PayPal PENDING). */
  capturePending: 'capture_pending',
  refundedAtProvider: 'refunded_at_provider',
  /** Paid for a checkout its buyer had let go, whose promo code had no use left by then: refunded in full. */
  promoUsedUp: 'promo_used_up_refunded',
  /** Approved for a checkout its buyer had let go, whose promo code had no use left by then: no money was taken. */
  promoNotCharged: 'promo_used_up_not_charged',
  /** Paid for a checkout of a person whose data was erased since: nobody to seat or tell, so refunded in full. */
  erasedRefunded: 'erased_refunded',
  /** Paid for an order one of whose people got a seat in the workshop meanwhile from another booking: refunded in full, never a second seat. */
  alreadyBookedRefunded: 'already_booked_refunded',
  /** Paid for a checkout its buyer had replaced while their newer checkout held the last seats: refunded in full. */
  replacedRefunded: 'replaced_refunded',
  /** Approved for an order one of whose people got a seat meanwhile from another booking: no money was taken. */
  alreadyBookedNotCharged: 'already_booked_not_charged',
} as const;
