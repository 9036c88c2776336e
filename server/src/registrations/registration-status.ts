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
  /** Approved, but the workshop filled up before we captured: no money was taken. */
  fullNotCharged: 'workshop_full_not_charged',
  /** The provider took the money but has not completed the capture yet (PayPal PENDING). */
  capturePending: 'capture_pending',
  refundedAtProvider: 'refunded_at_provider',
} as const;
