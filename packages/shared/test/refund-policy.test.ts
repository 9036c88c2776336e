import { describe, expect, it } from 'vitest';
import { DEFAULT_REFUND_POLICY, policyRefund } from '../src/refund-policy';

const now = new Date('2026-12-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const refund = (startsInDays: number, amountCents = 9900, policy = DEFAULT_REFUND_POLICY) => policyRefund({ amountCents, startsAt: days(startsInDays), now, policy });

describe('the cancellation policy (SPEC §9)', () => {
  it('more than 7 days before: everything back minus the higher of the minimum fee and 3%', () => {
    expect(refund(14)).toEqual({ band: 'full_minus_fee', refundCents: 9900 - 297, feeCents: 297 });
    expect(refund(7.01, 1000)).toEqual({ band: 'full_minus_fee', refundCents: 940, feeCents: 60 });
    expect(refund(30, 40, { min_fee_cents: 60, fee_percent: 3 })).toEqual({ band: 'full_minus_fee', refundCents: 0, feeCents: 40 });
    expect(refund(30, 10000, { min_fee_cents: 500, fee_percent: 10 }).refundCents).toBe(9000);
  });

  it('3 to 7 days before: half', () => {
    expect(refund(7)).toEqual({ band: 'half', refundCents: 4950, feeCents: 4950 });
    expect(refund(3)).toEqual({ band: 'half', refundCents: 4950, feeCents: 4950 });
    expect(refund(5, 9901).refundCents).toBe(4950);
  });

  it('under 3 days, or after the start: nothing', () => {
    expect(refund(2.99)).toEqual({ band: 'none', refundCents: 0, feeCents: 9900 });
    expect(refund(-1).refundCents).toBe(0);
  });
});
