import { PROMO_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { bookByPaypal, refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { buyer, createWorkshop } from '../payments/payments-helpers';
import { createCode } from '../promo-codes/promo-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Review 20: a buyer's policy cancellation of a discounted TEAM booking that keeps a fee (or half)
 * of EVERY seat hands one of the code's uses back.
 *
 * README promise: "a promo code never sells more discounted seats than its max_uses"; "Promo uses
 * follow money ... (`kept_uses`: a cancellation without a refund, or one that kept a fee, does not
 * hand the use to someone else; a seat given back in full does)".
 *
 * cancellation.service.ts usesKept(reg, seats, cents) counts the seats "refunded in full" as
 * floor(cents / unit_amount) over the WHOLE amount decided for all the seats cancelled, not per
 * seat. A buyer's policy cancel decides perSeat * n: two seats of 49.50 each in the >7-days band
 * give back 2 * 48.01 = 96.02 = 1.94 seat prices, so floor() says one seat went back in full
 * although each seat kept its 1.49 fee. kept_uses grows by 1, not 2: one use comes back.
 * (In the 3-7 days band: 2 * 24.75 = 49.50 = one seat price: again one use freed, half of each kept.)
 *
 * Sequence (two-use code, 50% off, workshop 14 days away, PayPal):
 *  1. Buyer A books a team of 2 with the code: 99.00 paid (49.50 a seat). Code: 2 uses of 2.
 *  2. A cancels both seats from the buyer's link: 96.02 goes back, 2 * 1.49 fee kept.
 *  3. Buyer B checks out with the same code: accepted (the code shows 1 use).
 * Observed: a third seat sold at the code's price while both of A's seats kept money.
 * Expected: the code has its 2 uses (both seats kept a fee); B is told the code is used up.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

async function caseFor(tag: string, days: number, expectedRefund: number) {
  const w = await createWorkshop(h.db, { max_participants: 10 });
  await startsIn(h, w.id, days);
  const CODE = `R20${tag}`.toUpperCase();
  const code = await createCode(h, { code: CODE, kind: 'percent', value: 50, max_uses: 2 });
  const team = [
    { name: `T1 ${tag}`, email: `t1-r20${tag}@example.com` },
    { name: `T2 ${tag}`, email: `t2-r20${tag}@example.com` },
  ];
  const a = await bookByPaypal(h, w.id, `r20-${tag}`, { promo_code: CODE, seats: 2, attendees: team });
  const regA = await h.db('workshop_registrations').where({ email: a.email }).first();
  expect(regA.amount).toBe(9900);

  const done = await h.api('POST', `/api/booking/${a.token}/cancel`, { body: { confirm: true } });
  expect(done.status, done.text).toBe(200);
  expect(done.body).toEqual({ confirmed: true, refund_cents: expectedRefund });
  await refundsSettled(h);
  expect(await refundedAtProvider(h, a), 'each seat kept part of its price').toEqual({ cents: expectedRefund, refunds: 1 });
  expect((await h.db('payments').where({ payment_id: a.paymentId }).first()).kept_cents).toBe(9900 - expectedRefund);

  const listed = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { id: string }) => c.id === code.id);
  const b = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer(`r20-${tag}-b`), promo_code: CODE } });
  // Promise: both seats sold at the code's price kept money: no third discounted seat on a two-use code.
  expect({ uses: listed.uses, checkout: b.status === 201 ? 'accepted' : b.body.error.message }, 'a third discounted seat on a two-use code').toEqual({
    uses: 2,
    checkout: PROMO_MESSAGES.exhausted,
  });
}

describe('a buyer cancels a discounted team booking by the policy, keeping part of every seat', () => {
  it('more than 7 days before: a fee kept on both seats keeps both uses', async () => {
    await caseFor('fee', 14, 2 * (4950 - 149));
  }, 60_000);

  it('3 to 7 days before: half kept on both seats keeps both uses', async () => {
    await caseFor('half', 5, 2 * 2475);
  }, 60_000);
});
