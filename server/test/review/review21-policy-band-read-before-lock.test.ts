import { describe, expect, it } from 'vitest';
import { bookByCard, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { DAY } from '../support/fixtures';
import { useTestServer } from '../support/test-server';
import { waitingOnLock } from '../bookings/seat-move-flows';
import { CANCEL_MESSAGES } from '../../src/payments/cancellation.service';

/**
 * Review 21: a buyer's policy cancellation is priced from the workshop the booking was in BEFORE
 * the locks, and carried out on the booking as it is AFTER them.
 *
 * Promise (README "Payments and email": "a business decision (a policy cancellation keeping a
 * fee ...) is final"; "A cancellation frees the seat at once and refunds the policy's amount
 * (... later: nothing, the booking is `cancelled`)"; "a moved booking ... its policy band follows
 * its new workshop"): what a policy cancellation gives back is the policy's amount for the booking
 * being cancelled, decided with the order locked.
 *
 * bookings/booking.service.ts cancelByBuyer computes `perSeat` with policyFor(b) from the row
 * openBooking read (its workshop's date) with nothing locked, then hands that figure to
 * cancelSeats, which locks the workshop and the order and re-decides WHICH seats ("a cancel racing
 * this one never pays for a seat twice") but never the band: the amount per seat is the stale one.
 * A whole-booking move (or a reschedule) that commits in between leaves the cancellation priced for
 * a workshop the booking is no longer in.
 *
 * Sequence (Razorpay, one seat of 99.00; forced with a row lock the test holds on the order, which
 * the move waits for while holding both workshops, and the buyer's cancel then waits behind it):
 *  1. Buyer pays 99.00 for workshop A, 14 days away (policy: 96.03 back, fee 2.97 kept).
 *  2. Admin moves the booking to workshop B, 2 days away (policy there: nothing back).
 *  3. At the same moment the buyer confirms a cancel from their booking link.
 * Observed: the move commits first (the booking is in B, two days before its start), then the
 *   cancel goes through on it with 96.03 back: the policy for the booking cancelled keeps all 99.00.
 * Expected: the cancel, priced for a workshop the booking is no longer in, is refused (409) and
 *   asked again; asked again it is priced for B (nothing back).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

describe('a buyer cancels by the policy while an admin moves the booking to a workshop in another band', () => {
  it('gives back the policy amount of the workshop the booking is in when it is cancelled', async () => {
    const a = await createWorkshop(h.db, { title: 'R21 far', date: new Date(Date.now() + 14 * DAY) });
    const b = await createWorkshop(h.db, { title: 'R21 near', date: new Date(Date.now() + 2 * DAY) });
    const booked = await bookByCard(h, a.id, 'r21-band');
    const reg = await h.db('workshop_registrations').where({ email: booked.email }).first();
    expect(reg).toMatchObject({ status: 'completed', amount: 9900, workshop_id: a.id });

    // The quote in A: the early band.
    const quote = await h.api('POST', `/api/booking/${booked.token}/cancel`, { body: {} });
    expect(quote.body).toEqual({ confirmed: false, refund_cents: 9900 - 297 });

    // The test holds the order's row, as any slow transaction on it would.
    const holder = await h.db.transaction();
    await holder('workshop_registrations').where({ id: reg.id }).forNoKeyUpdate().first('id');
    // 2. The move locks both workshops, then waits for the order.
    const move = h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: b.id } });
    await waitFor(() => waitingOnLock(h, 'select % from "workshop_registrations" where "id" = % for no key update'), 20_000, 20);
    // 3. The buyer's cancel prices the seat from A (no lock), then waits for workshop A behind the move.
    const cancel = h.api('POST', `/api/booking/${booked.token}/cancel`, { body: { confirm: true } });
    await waitFor(() => waitingOnLock(h, 'select % from "workshops" where "id" = % for no key update'), 20_000, 20);
    await holder.commit();

    const [moved, cancelled] = await Promise.all([move, cancel]);
    expect(moved.status, moved.text).toBe(200);
    await refundsSettled(h);
    const row = await h.db('workshop_registrations').where({ id: reg.id }).first();
    const back = await refundedAtProvider(h, booked);
    const ledger = await h.db('payments').where({ payment_id: booked.paymentId }).first();

    // Promise: the booking was in B (two days before its start) when the cancel reached it: the
    // cancel priced for A is refused and asked again, and nothing goes back.
    expect({ workshop: row.workshop_id === b.id ? 'B (2 days away)' : 'A', status: cancelled.status, message: cancelled.body.error?.message, backCents: back.cents, keptCents: ledger.kept_cents }).toEqual({
      workshop: 'B (2 days away)',
      status: 409,
      message: CANCEL_MESSAGES.changed,
      backCents: 0,
      keptCents: 9900,
    });
    // Asked again, the buyer sees B's band: nothing back, and the cancel keeps all of it.
    expect((await h.api('POST', `/api/booking/${booked.token}/cancel`, { body: {} })).body).toEqual({ confirmed: false, refund_cents: 0 });
    expect((await h.api('POST', `/api/booking/${booked.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    await refundsSettled(h);
    expect((await refundedAtProvider(h, booked)).cents).toBe(0);
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('status')).toEqual({ status: 'cancelled' });
  }, 90_000);
});
