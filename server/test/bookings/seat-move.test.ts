import { describe, expect, it } from 'vitest';
import { countTakenSeats } from '../../src/workshops/seats.queries';
import { razorpayDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { DAY } from '../support/fixtures';
import { inviteOf } from '../support/ics';
import { useTestServer } from '../support/test-server';

/**
 * An admin moves one seat of a team booking to another workshop: the seat becomes a booking of
 * its own there (paid by the team booking's payment), the team booking keeps its other seats and
 * pays for one fewer, seats are counted where they now sit, and the attendee's old calendar event
 * is cancelled before their new confirmation. Money never moves: both bookings' refunds come out
 * of the one payment, and together never give back more than it took.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

async function teamOrder(tag: string, seats = 3) {
  const from = await createWorkshop(h.db, { title: `Seat Move From ${tag}` });
  const to = await createWorkshop(h.db, { title: `Seat Move To ${tag}`, date: new Date(Date.now() + 21 * DAY), max_participants: 2 });
  const attendees = [
    { name: `Pat Lead ${tag}`, email: `pat-${tag}@example.com` },
    { name: `Quinn Mate ${tag}`, email: `quinn-${tag}@example.com` },
  ];
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: from.id, ...buyer(`move-${tag}`), seats, attendees } });
  expect(co.status, co.text).toBe(201);
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  const reg = await h.db('workshop_registrations').where({ workshop_id: from.id }).first();
  const seatRows = (await h.api('GET', `/api/admin/registrations/${reg.id}`, { token: h.token })).body.registration.attendees as { id: string; position: number }[];
  return { from, to, reg, seats: seatRows, paymentId: paid.body.razorpay_payment_id as string, b: { provider: 'razorpay' as const, paymentId: paid.body.razorpay_payment_id as string } };
}

const moveSeat = (regId: string, seatId: string, workshopId: unknown) => h.api('POST', `/api/admin/registrations/${regId}/seats/${seatId}/move`, { token: h.token, body: { workshop_id: workshopId } });

describe('moving one seat of a team booking', () => {
  it('makes it a booking of its own in the other workshop, counted there; the attendee gets a CANCEL, then a new confirmation', async () => {
    const t = await teamOrder('ok');
    await waitFor(async () => (await sandboxEmails(h.server, 'quinn-ok@example.com')).length >= 1);
    const oldInvite = inviteOf((await sandboxEmails(h.server, 'quinn-ok@example.com'))[0]);

    const res = await moveSeat(t.reg.id, t.seats[1].id, t.to.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.registration).toMatchObject({ seats: 2, seats_bought: 2, amount: 19800 });
    expect(res.body.registration.attendees.map((a: { position: number }) => a.position)).toEqual([1, 3]);
    expect(res.body.seat_moves).toEqual([expect.objectContaining({ id: res.body.moved_to, name: 'Quinn Mate ok', email: 'quinn-ok@example.com', status: 'completed', workshop_title: 'Seat Move To ok' })]);

    const moved = await h.db('workshop_registrations').where({ id: res.body.moved_to }).first();
    expect(moved).toMatchObject({ workshop_id: t.to.id, status: 'completed', amount: 9900, seats: 1, seats_bought: 1, payment_method: 'razorpay', payment_id: null, paid_with_payment_id: t.paymentId, split_from_registration_id: t.reg.id });
    // The seat that moved is the same attendee row (its calendar history), now the new booking's only seat.
    expect(await h.db('attendees').where({ registration_id: moved.id })).toEqual([expect.objectContaining({ id: t.seats[1].id, position: 1, workshop_id: t.to.id, status: 'active' })]);
    expect([await countTakenSeats(h.db, t.from.id, 'sold'), await countTakenSeats(h.db, t.to.id, 'sold')]).toEqual([2, 1]);

    const mails = await waitFor(async () => {
      const all = await sandboxEmails(h.server, 'quinn-ok@example.com');
      return all.length >= 3 ? all : undefined;
    });
    // Two events (two UIDs), so in whichever order they arrive a calendar ends with the new date only.
    const subjects = mails.map((m) => m.subject);
    expect(subjects.slice(1).sort()).toEqual(['Seat moved: Seat Move From ok', "You're registered: Seat Move To ok"]);
    const cancel = inviteOf(mails.find((m) => m.subject.startsWith('Seat moved'))!);
    expect([cancel.method, cancel.uid, cancel.sequence > oldInvite.sequence]).toEqual(['CANCEL', oldInvite.uid, true]);
    const confirmation = mails.find((m) => m.subject === "You're registered: Seat Move To ok")!;
    const fresh = inviteOf(confirmation);
    expect([fresh.method, fresh.uid === oldInvite.uid, fresh.start.getTime()]).toEqual(['REQUEST', false, Math.floor(new Date(t.to.date).getTime() / 1000) * 1000]);
    // The new booking's own link shows it.
    const token = confirmation.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
    const page = await h.api('GET', `/api/booking/${token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.text).toContain('Seat Move To ok');
    // The buyer's own page no longer holds the seat, and says where it went.
    const buyerMail = await waitFor(async () => (await sandboxEmails(h.server, 'buyermove-ok@example.com')).find((m) => m.subject.startsWith("You're registered")));
    const buyerPage = await h.api('GET', `/api/booking/${buyerMail.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1]}`);
    expect(buyerPage.body.seats.map((x: { position: number }) => x.position)).toEqual([1, 3]);
    expect(buyerPage.body.moved_seats).toEqual([{ name: 'Quinn Mate ok', workshop_title: 'Seat Move To ok', workshop_date: new Date(t.to.date).toISOString() }]);
  });

  it('refunds the moved seat by policy out of the one payment; both bookings never give back more than was paid', async () => {
    const t = await teamOrder('money');
    const res = await moveSeat(t.reg.id, t.seats[2].id, t.to.id);
    expect(res.status, res.text).toBe(200);
    const moved = res.body.moved_to as string;
    // An admin refunds the moved seat in full, then cancels the team booking's two seats refunding them in full too.
    expect((await h.api('POST', `/api/admin/registrations/${moved}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'cannot come' } })).status).toBe(200);
    // More than the moved booking's seat is refused: what is left of the payment is the team's.
    const tooMuch = await h.api('POST', `/api/admin/registrations/${t.reg.id}/refund`, { token: h.token, body: { amount_cents: 29700, reason: 'all' } });
    expect([tooMuch.status, tooMuch.body.error.message]).toEqual([409, 'The refund cannot be more than what is left of the payment.']);
    expect((await h.api('POST', `/api/admin/registrations/${t.reg.id}/refund`, { token: h.token, body: { amount_cents: 19800, reason: 'all' } })).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, t.b)).toEqual({ cents: 29700, refunds: 2 });
    expect((await h.db('payments').where({ payment_id: t.paymentId }).first()).kept_cents).toBe(0);
    expect((await h.db('workshop_registrations').where({ id: moved }).first()).status).toBe('refunded');
  });

  it('ends the moved seat too when the whole payment is given back by hand at the provider', async () => {
    const t = await teamOrder('hand');
    const res = await moveSeat(t.reg.id, t.seats[1].id, t.to.id);
    expect(res.status, res.text).toBe(200);
    const hand = await razorpayDashboardRefund(h, t.paymentId, 29700);
    expect((await hand.webhook()).status).toBe(200);
    const rows = await h.db('workshop_registrations').whereIn('id', [t.reg.id, res.body.moved_to]).select('status', 'seats');
    expect(rows).toEqual([
      { status: 'refunded', seats: 0 },
      { status: 'refunded', seats: 0 },
    ]);
    expect(await countTakenSeats(h.db, t.to.id, 'sold')).toBe(0);
  });

  it('is refused, changing nothing, when the workshop is full, the person already sits there, it is the last seat, or the input is bad', async () => {
    const t = await teamOrder('refused', 2);
    const before = await h.db('workshop_registrations').where({ id: t.reg.id }).first('amount', 'seats', 'seats_bought');
    const other = await createWorkshop(h.db, { title: 'Seat Move Other refused' });

    const bad = await moveSeat(t.reg.id, t.seats[1].id, 'nope');
    expect([bad.status, bad.body.error.fields]).toEqual([422, { workshop_id: 'Choose the workshop to move to' }]);
    const same = await moveSeat(t.reg.id, t.seats[1].id, t.from.id);
    expect([same.status, same.body.error.message]).toEqual([409, 'The booking is already in this workshop.']);
    const noSeat = await moveSeat(t.reg.id, '00000000-0000-4000-8000-000000000000', other.id);
    expect([noSeat.status, noSeat.body.error.message]).toEqual([404, 'This seat is not part of this booking, or it was cancelled.']);

    // Quinn already has a seat in the other workshop.
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: other.id, name: 'Quinn', email: 'quinn-refused@example.com', phone: '9876543210' } });
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    const seated = await moveSeat(t.reg.id, t.seats[1].id, other.id);
    expect([seated.status, seated.body.error.message]).toEqual([409, 'quinn-refused@example.com already has a seat in this workshop.']);

    // Quinn's booking fills the other workshop once it holds one seat.
    await h.db('workshops').where({ id: other.id }).update({ max_participants: 1 });
    const full = await moveSeat(t.reg.id, t.seats[0].id, other.id);
    expect([full.status, full.body.error.message]).toEqual([409, 'That workshop has no seat left.']);

    // The booking's last seat moves with the booking, not on its own.
    expect((await h.api('POST', `/api/admin/registrations/${t.reg.id}/seats/${t.seats[1].id}/cancel`, { token: h.token, body: {} })).status).toBe(200);
    const last = await moveSeat(t.reg.id, t.seats[0].id, t.to.id);
    expect([last.status, last.body.error.message]).toEqual([409, "This is the booking's only seat: move the whole booking instead."]);

    expect(await h.db('workshop_registrations').where({ id: t.reg.id }).first('amount', 'seats_bought')).toEqual({ amount: before.amount, seats_bought: before.seats_bought });
    expect(await h.db('workshop_registrations').whereNotNull('split_from_registration_id').where({ split_from_registration_id: t.reg.id })).toEqual([]);
    const anon = await h.api('POST', `/api/admin/registrations/${t.reg.id}/seats/${t.seats[0].id}/move`, { body: { workshop_id: t.to.id } });
    expect(anon.status).toBe(401);
  });
});
