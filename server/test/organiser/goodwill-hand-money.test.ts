import { describe, expect, it } from 'vitest';
import { GOODWILL_MESSAGES } from '../../src/payments/goodwill.service';
import { bookByCard, razorpayDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * A goodwill refund counts money that went back by hand at the provider and no decision counted
 * yet, as every other decision does: together they never give the seats still held back more than
 * their price, out of money an admin's decision kept on a seat cancelled earlier. Found by a
 * fresh-eyes review: $50 by hand plus $98.99 goodwill gave $148.99 for one $99 seat.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

/** Two $99 seats; seat 2 cancelled by an admin keeping all of its $99; then $50 back by hand at Razorpay's dashboard. */
async function keptSeatAndHandMoney(tag: string) {
  const w = await createWorkshop(h.db, { title: `Goodwill Hand ${tag}`, date: new Date(Date.now() + 14 * DAY) });
  const team = await bookByCard(h, w.id, `goodwill-hand-${tag}`, { seats: 2 });
  const reg = await h.db('workshop_registrations').where({ email: team.email }).first('id');
  const seat2 = await h.db('attendees').where({ registration_id: reg.id, position: 2 }).first('id');
  const kept = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seat2.id}/cancel`, { token: h.token, body: { refund_cents: 0 } });
  expect(kept.status, kept.text).toBe(200);
  expect((await (await razorpayDashboardRefund(h, team.paymentId, 5000)).webhook()).status).toBe(200);
  const ledger = () => h.db('payments').where({ payment_id: team.paymentId }).first('kept_cents', 'refunded_outside_cents', 'outside_counted_cents');
  expect(await ledger()).toEqual({ kept_cents: 14800, refunded_outside_cents: 5000, outside_counted_cents: 0 });
  const goodwill = (cents: number) => h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: cents, reason: 'Sorry', keep_booking: true, request_id: crypto.randomUUID() } });
  const callOff = async () => {
    expect((await h.api('POST', `/api/admin/workshops/${w.id}/cancel`, { token: h.token, body: { reason: 'Called off', confirm: true } })).status).toBe(200);
    await waitFor(async () => (await h.db('workshop_registrations').where({ id: reg.id }).first('status')).status !== 'completed');
    await refundsSettled(h);
  };
  return { team, ledger, goodwill, callOff };
}

describe('a goodwill refund after money went back by hand', () => {
  it('gives the held seat no more than what its price less the hand money leaves, and the call-off still returns exactly that seat', async () => {
    const { team, ledger, goodwill, callOff } = await keptSeatAndHandMoney('capped');
    // The held seat is worth $99, $50 of it back already: $49 is all it holds, and part must stay.
    for (const cents of [9899, 4900]) {
      const refused = await goodwill(cents);
      expect([refused.status, refused.body.error.message]).toEqual([409, GOODWILL_MESSAGES.partOnly]);
    }
    expect(await ledger()).toEqual({ kept_cents: 14800, refunded_outside_cents: 5000, outside_counted_cents: 0 });
    expect((await goodwill(4000)).status).toBe(200);
    await callOff();
    // $50 by hand + $40 goodwill + $9 at the call-off: the held seat's $99; the kept seat's $99 stays kept.
    expect((await refundedAtProvider(h, team)).cents).toBe(9900);
    expect((await ledger()).kept_cents).toBe(9900);
  });

  it('without a goodwill refund the call-off gives back the same: the held seat’s $99, the kept seat’s stays', async () => {
    const { team, ledger, callOff } = await keptSeatAndHandMoney('baseline');
    await callOff();
    expect((await refundedAtProvider(h, team)).cents).toBe(9900);
    expect((await ledger()).kept_cents).toBe(9900);
  });
});
