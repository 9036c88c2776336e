/**
 * The cancellation policy of the refund-policy page (SPEC §9), computed once for the page, the
 * buyer's booking page and the server: more than 7 days before the start, everything back minus
 * a fee (the higher of a fixed minimum and a percentage); 3 to 7 days, half; under 3 days or
 * after the start, nothing.
 */
export interface RefundPolicy {
  /** The fixed minimum fee, in the workshop currency's minor units (cents). */
  min_fee_cents: number;
  /** The percentage fee, 0 to 100. */
  fee_percent: number;
}

export const DEFAULT_REFUND_POLICY: RefundPolicy = { min_fee_cents: 60, fee_percent: 3 };

export type RefundBand = 'full_minus_fee' | 'half' | 'none';

export interface PolicyRefund {
  band: RefundBand;
  refundCents: number;
  feeCents: number;
}

const DAY_MS = 86_400_000;

export function policyRefund(input: { amountCents: number; startsAt: Date; now: Date; policy: RefundPolicy }): PolicyRefund {
  const { amountCents, policy } = input;
  const lead = input.startsAt.getTime() - input.now.getTime();
  if (lead > 7 * DAY_MS) {
    const feeCents = Math.min(amountCents, Math.max(policy.min_fee_cents, Math.round((amountCents * policy.fee_percent) / 100)));
    return { band: 'full_minus_fee', refundCents: amountCents - feeCents, feeCents };
  }
  if (lead >= 3 * DAY_MS) {
    const refundCents = Math.floor(amountCents / 2);
    return { band: 'half', refundCents, feeCents: amountCents - refundCents };
  }
  return { band: 'none', refundCents: 0, feeCents: amountCents };
}

/** SPEC §9's modification notice: a change of date or join link later than this before the start is asked twice in the admin. */
export const MODIFICATION_NOTICE_HOURS = 48;

/** How long before the new start the buyer of a workshop moved after their purchase may still choose a full refund (the same notice). */
export const RESCHEDULE_CHOICE_HOURS = MODIFICATION_NOTICE_HOURS;

/**
 * Whether a booking whose workshop's date was changed after it was bought may still be cancelled
 * for everything back (no band of the policy applies to it): until 48 hours before the new start.
 */
export function rescheduleChoiceOpen(input: { rescheduledAt: Date | string | null; bookedAt: Date | string | null; startsAt: Date; now: Date }): boolean {
  if (!input.rescheduledAt || !input.bookedAt) return false;
  if (new Date(input.rescheduledAt).getTime() <= new Date(input.bookedAt).getTime()) return false;
  return input.startsAt.getTime() - RESCHEDULE_CHOICE_HOURS * 3_600_000 > input.now.getTime();
}
