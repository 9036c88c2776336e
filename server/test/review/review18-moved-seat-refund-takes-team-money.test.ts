import { describe, expect, it } from 'vitest';
import { countTakenSeats } from '../../src/workshops/seats.queries';
import { refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { useTestServer } from '../support/test-server';
import { paidTeamOfThree } from '../bookings/seat-move-flows';

/**
 * Review 18: the refund of a moved seat's one-seat booking gives back the money of the seats the
 * team booking still holds.
 *
 * Promise (README "Moving one seat": "every decision about either booking is taken on that
 * payment's one ledger row ... so together they never give back more than the payment kept";
 * per-seat cancel: "A seat's refund is at most its price"): a decision about one booking never
 * gives back money a decision about another booking keeps (the team booking's seats are a `seat`
 * decision: all of their price kept).
 *
 * POST /api/admin/registrations/:id/refund (registration-detail.routes.ts) checks nothing about
 * the registration's own amount; cancellation.service.ts decideRefund caps the refund only at the
 * payment's kept_cents, which for a moved seat (paid_with_payment_id) is the WHOLE team payment.
 *
 * Sequence:
 *  1. Buyer pays 297.00 for 3 seats (Razorpay, 99.00 a seat) in workshop A.
 *  2. Admin moves seat 3 to workshop B: a one-seat booking M of 99.00.
 *  3. Admin refunds M, amount 297.00 (the figure the ledger allows).
 * Observed: accepted; 297.00 goes back at the provider while the team booking still holds 2
 * completed seats in A (kept 0 on the ledger: two seats sold and paid by nothing).
 * Expected: the refund of M is refused above its own 99.00 (as a seat's refund is refused above its
 * price); the team booking keeps its 2 seats and the ledger keeps their 198.00.
 * (Were Razorpay's refund webhook delivered, refunded-in-full.ts would then end the team booking
 * too: a 99.00 booking's refund takes two other people's seats and their buyer's money decision.)
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

describe('an admin refund of a moved seat’s booking', () => {
  it('cannot give back the money of the seats the team booking still holds', async () => {
    const { from, to, team, seats, paymentId } = await paidTeamOfThree(h, { label: 'R18', tag: 'r18', people: { name: 'r18', email: 'r18' } });

    const move = await h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[2].id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect(move.status, move.text).toBe(200);
    const movedId = move.body.moved_to as string;
    expect(await h.db('workshop_registrations').where({ id: movedId }).first()).toMatchObject({ amount: 9900, seats: 1, status: 'completed' });

    const refund = await h.api('POST', `/api/admin/registrations/${movedId}/refund`, { token: h.token, body: { amount_cents: 29700, reason: 'refund the moved seat' } });
    await refundsSettled(h);

    const back = await refundedAtProvider(h, { provider: 'razorpay', paymentId });
    const teamNow = await h.db('workshop_registrations').where({ id: team.id }).first();
    const ledger = await h.db('payments').where({ payment_id: paymentId }).first();
    expect(
      { refund: refund.status, backCents: back.cents, teamStatus: teamNow.status, soldInA: await countTakenSeats(h.db, from.id, 'sold'), kept: ledger.kept_cents },
      'the one-seat booking’s refund gave back the team booking’s kept money while its 2 seats stay sold',
    ).toEqual({ refund: refund.status >= 400 && refund.status < 500 ? refund.status : 'refused (4xx)', backCents: 0, teamStatus: 'completed', soldInA: 2, kept: 29700 });
  }, 60_000);
});
