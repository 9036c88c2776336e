import { describe, expect, it } from 'vitest';
import { countTakenSeats } from '../../src/workshops/seats.queries';
import { razorpayDashboardRefund, refundedAtProvider } from '../payments/booking-flows';
import { waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { paidTeamOfThree, waitingOnLock } from '../bookings/seat-move-flows';

/**
 * Review 17: a payment given back in full by hand ends the team booking, but a seat an admin
 * moves out of it at the same moment keeps its seat, paid by nothing.
 *
 * Promise (commit 020e3cb, README "money that reaches us ends in exactly one seat or comes back
 * in full"; "a booking whose money all went back at the provider ... ends"): "A payment given
 * back in full by hand ends the moved seat's booking too."
 *
 * webhook.service.ts refundMadeAtProvider reads the moved seats (`paid_with_payment_id`) once,
 * with nothing locked, and only then ends the team booking (tryTransition, a plain UPDATE, in a
 * transaction of its own). A seat move (seat-move.service.ts) that commits between that read and
 * that UPDATE creates a moved order the webhook never looks at again: it stays `completed` with
 * its seat in the target workshop while the whole payment is back at the provider and the ledger
 * keeps 0. No later event ends it (the refund event is recorded as processed; the failed-refund
 * watch and the reconciler never end bookings).
 *
 * Sequence (made deterministic with a row lock the test holds on the team order, which both the
 * seat move and the webhook's final UPDATE wait for, the seat move first in line):
 *  1. Buyer pays 297.00 for 3 seats (Razorpay); workshop T has 2 seats.
 *  2. The admin refunds all 297.00 by hand in Razorpay's dashboard.
 *  3. The admin moves seat 3 to T (it waits for the team order's row);
 *     Razorpay's refund.processed webhook arrives: hand money noted (kept 0), moved seats read (none
 *     yet), the team booking's UPDATE waits behind the seat move.
 *  4. The row is released: the seat move commits, then the team booking ends "refunded".
 * Observed: the moved booking is `completed`, holding 1 sold seat of T; payment kept 0, 297.00 back.
 * Expected: every booking the payment paid for ends once it all went back (moved seat `refunded`,
 * T with 0 sold seats) — or the move refused. Fixed: the move reads what the payment keeps under
 * the payment's lock, which the webhook takes to record the hand money before it reads the moved
 * seats, so the move either commits first (and is seen) or finds nothing kept (and is refused).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

const waitingOn = (pattern: string) => waitingOnLock(h, pattern);

describe('a full hand refund whose webhook runs while an admin moves a seat', () => {
  it('ends the moved seat’s booking too (no seat stays sold on a payment given back in full)', async () => {
    const { to, team, seats, paymentId } = await paidTeamOfThree(h, { label: 'R17 race', tag: 'r17-race', people: { name: 'r17', email: 'r17race' }, targetSeats: 2 });

    // 2. Everything back by hand at Razorpay; its webhook not delivered yet.
    const hand = await razorpayDashboardRefund(h, paymentId, 29700);

    // 3. The test holds the team order's row, as a slow concurrent transaction would.
    const holder = await h.db.transaction();
    await holder('workshop_registrations').where({ id: team.id }).forNoKeyUpdate().first('id');
    const move = h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[2].id}/move`, { token: h.token, body: { workshop_id: to.id } });
    await waitFor(() => waitingOn('select % from "workshop_registrations" where "id" = % for no key update'));
    const hook = hand.webhook();
    await waitFor(() => waitingOn('update "workshop_registrations" set "status_reason"%'));
    await holder.commit();

    const [moved, delivered] = await Promise.all([move, hook]);
    expect(delivered.status).toBe(200);

    // All of the payment is back, and the ledger keeps nothing of it.
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId })).toEqual({ cents: 29700, refunds: 1 });
    expect((await h.db('payments').where({ payment_id: paymentId }).first()).kept_cents).toBe(0);
    expect((await h.db('workshop_registrations').where({ id: team.id }).first()).status).toBe('refunded');

    // Promise: no seat the payment paid for is still sold: the move is refused (the payment was
    // found given back in full under its lock), or the seat it made ends with the team booking.
    expect([moved.status, moved.status === 409 ? moved.body.error.message : 'moved'], moved.text).toEqual(
      moved.status === 409 ? [409, "This booking's payment was given back in full: it has no seat to move."] : [200, 'moved'],
    );
    const stillSold = await h.db('workshop_registrations').where({ paid_with_payment_id: paymentId, status: 'completed' }).count('* as n').first();
    expect(
      { stillSold: Number(stillSold?.n), soldInTarget: await countTakenSeats(h.db, to.id, 'sold') },
      'the moved seat still holds a sold seat although its whole payment went back',
    ).toEqual({ stillSold: 0, soldInTarget: 0 });
  }, 60_000);
});
