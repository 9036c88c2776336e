import { describe, expect, it } from 'vitest';
import { countTakenSeats } from '../../src/workshops/seats.queries';
import { razorpayDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { paidTeamOfThree, waitingOnLock } from '../bookings/seat-move-flows';

/**
 * Review 19: the seventeenth review's fix (a seat move reads the payment's kept_cents under its
 * lock; the hand refund's webhook records the hand money under that lock before it reads the
 * moved seats) does not hold while a refund of ours on that payment is in flight.
 *
 * hand-refunds.ts attributeHandRefunds does NOT note hand money as a decision of its own while a
 * call of ours may still land (`waiting`): kept_cents stays > 0. webhook.service.ts
 * refundMadeAtProvider nevertheless goes on to endBookingsRefundedInFull (the provider says the
 * payment is refunded in full), which reads the moved seats once, unlocked, and then ends the team
 * booking. seat-move.service.ts sees kept_cents > 0 and moves the seat; committing between that
 * read and that UPDATE, it leaves a moved booking nobody ends.
 *
 * Sequence (Razorpay; the interleaving forced with a row lock the test holds on the team order,
 * as in review 17):
 *  1. Buyer pays 297.00 for 3 seats in workshop A; workshop B has 2 seats.
 *  2. Admin cancels seat 1 with a 99.00 refund; Razorpay is slow, the refund's call is in flight.
 *  3. Admin refunds all 297.00 by hand at Razorpay's dashboard (the in-flight call will be refused).
 *  4. Admin moves seat 3 to B (waits for the team order's row); Razorpay's refund.processed webhook
 *     arrives: nothing noted (a call may land), moved seats read (none), the team UPDATE waits.
 *  5. The row is released: the move commits (kept 198.00 > 0), then the team booking ends.
 * Observed: the moved booking stays `completed` holding a sold seat of B; the whole 297.00 is back at
 *   Razorpay and, once the in-flight refund settles, the ledger keeps 0.
 * Expected (README "a payment given back in full ends both"; "A seat cannot be moved out of a booking
 *   whose payment was given back in full"): the move refused, or the moved booking ended too.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const slow = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);

const waitingOn = (pattern: string) => waitingOnLock(h, pattern);

describe('a full hand refund whose webhook runs while a refund of ours is in flight and an admin moves a seat', () => {
  it('ends the moved seat’s booking too, or refuses the move', async () => {
    const { to, team, seats, paymentId } = await paidTeamOfThree(h, { label: 'R19 race', tag: 'r19-race', people: { name: 'r19', email: 'r19race' }, targetSeats: 2 });

    // 2. Seat 1 cancelled with its price back; Razorpay is slow: the call is in flight.
    await slow(15_000);
    const cancel = await h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[0].id}/cancel`, { token: h.token, body: { refund_cents: 9900 } });
    expect(cancel.status, cancel.text).toBe(200);
    await waitFor(async () => (await h.db('refunds').where({ payment_id: paymentId }).whereNotNull('claim_id').first()) ?? false);
    await new Promise((r) => setTimeout(r, 700));
    await slow(0);

    // 3. Everything back by hand at Razorpay; its webhook not delivered yet.
    const hand = await razorpayDashboardRefund(h, paymentId, 29700);

    // 4. The test holds the team order's row, as a slow concurrent transaction would.
    const holder = await h.db.transaction();
    await holder('workshop_registrations').where({ id: team.id }).forNoKeyUpdate().first('id');
    const move = h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[2].id}/move`, { token: h.token, body: { workshop_id: to.id } });
    await waitFor(() => waitingOn('select % from "workshop_registrations" where "id" = % for no key update'));
    const hook = hand.webhook();
    await waitFor(() => waitingOn('update "workshop_registrations" set "status_reason"%'));
    // 5. Released: the move is first in line.
    await holder.commit();
    const [moved, delivered] = await Promise.all([move, hook]);
    expect(delivered.status).toBe(200);
    expect((await h.db('workshop_registrations').where({ id: team.id }).first()).status).toBe('refunded');

    // The in-flight refund settles (refused at Razorpay, then covered by the hand money).
    await refundsSettled(h);
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId })).toEqual({ cents: 29700, refunds: 1 });
    await waitFor(async () => (await h.db('payments').where({ payment_id: paymentId }).first()).kept_cents === 0, 20_000);

    const stillSold = await h.db('workshop_registrations').where({ paid_with_payment_id: paymentId, status: 'completed' }).count('* as n').first();
    expect(
      { move: moved.status, stillSold: Number(stillSold?.n), soldInTarget: await countTakenSeats(h.db, to.id, 'sold') },
      'the moved seat still holds a sold seat although its whole payment went back',
    ).toEqual(moved.status === 409 ? { move: 409, stillSold: 0, soldInTarget: 0 } : { move: 200, stillSold: 0, soldInTarget: 0 });
  }, 120_000);
});
