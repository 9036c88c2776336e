import { describe, expect, it } from 'vitest';
import { refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * A team booking after the sale: the buyer's link shows every seat, an attendee's only theirs;
 * seats are cancelled one at a time by the policy (each seat its own refund, the seat free at
 * once for the waitlist), and renamed until 24 hours before the start (the old link stops working).
 */
const h = useTestServer({ admin: true });
const DAY = 86_400_000;
const linkIn = (text: string | null) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1] as string;

async function bookTeam(tag: string, seats = 3, workshop: Record<string, unknown> = {}) {
  const w = await createWorkshop(h.db, { max_participants: 4, ...workshop });
  const who = buyer(tag);
  const attendees = [
    { name: `Ann ${tag}`, email: `ann-${tag}@example.com` },
    { name: `Bo ${tag}`, email: `bo-${tag}@example.com` },
    { name: `Cy ${tag}`, email: `cy-${tag}@example.com` },
  ].slice(0, seats);
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, seats, attendees } });
  expect(co.status, co.text).toBe(201);
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  const mail = async (to: string) => linkIn((await waitFor(async () => (await sandboxEmails(h.server, to))[0]))?.text_body);
  const links = { buyer: await mail(who.email), ann: await mail(attendees[0].email), bo: seats > 1 ? await mail(attendees[1].email) : '' };
  return { w, who, attendees, links, paymentId: paid.body.razorpay_payment_id as string };
}

const view = (token: string) => h.api('GET', `/api/booking/${token}`);

describe("the buyer's link and an attendee's", () => {
  it("show every seat, or only the attendee's own", async () => {
    const t = await bookTeam('views');
    const mine = await view(t.links.buyer);
    expect(mine.body).toMatchObject({ role: 'buyer', name: t.who.name, amount_cents: 29700, status: 'completed' });
    expect(mine.body.seats.map((s: { name: string }) => s.name)).toEqual(t.attendees.map((a) => a.name));
    expect(mine.body.rename_until).toBeTruthy();
    const ann = await view(t.links.ann);
    expect(ann.body).toMatchObject({ role: 'attendee', name: t.attendees[0].name, email: t.attendees[0].email, amount_cents: 9900, rename_until: null });
    expect(ann.body.seats).toHaveLength(1);
    expect(ann.body.cancellation.refund_cents).toBe(mine.body.cancellation.refund_cents / 3);
  });
});

describe('cancelling some seats', () => {
  it("one seat from the buyer's link: that seat's policy refund, the seat free at once, the others stand", async () => {
    const t = await bookTeam('cancel-one');
    await startsIn(h, t.w.id, 5);
    const ann = (await view(t.links.buyer)).body.seats[0];
    const preview = await h.api('POST', `/api/booking/${t.links.buyer}/cancel`, { body: { attendee_ids: [ann.id] } });
    expect(preview.body).toEqual({ confirmed: false, refund_cents: 4950 });
    const done = await h.api('POST', `/api/booking/${t.links.buyer}/cancel`, { body: { confirm: true, attendee_ids: [ann.id] } });
    expect(done.body).toEqual({ confirmed: true, refund_cents: 4950 });
    expect(await h.db('workshop_registrations').where({ workshop_id: t.w.id }).first()).toMatchObject({ status: 'completed', seats: 2, seats_bought: 3 });
    expect((await view(t.links.ann)).status).toBe(404);
    expect((await view(t.links.bo)).body.status).toBe('completed');
    await refundsSettled(h);
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId: t.paymentId })).toEqual({ cents: 4950, refunds: 1 });
    const [notice] = await waitFor(async () => (await sandboxEmails(h.server, t.who.email)).filter((m) => m.subject.startsWith('Seats cancelled')));
    expect(notice.text_body).toContain('seat 1 of your booking is cancelled');
    // The seat is free: another buyer can take two now.
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: t.w.id, ...buyer('cancel-one-next'), seats: 2 } })).status).toBe(201);
  });

  it("an attendee cancels their own seat: the refund goes to whoever paid; the last seat ends the booking", async () => {
    const t = await bookTeam('cancel-own', 2);
    await startsIn(h, t.w.id, 1);
    expect((await h.api('POST', `/api/booking/${t.links.ann}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    expect(await h.db('workshop_registrations').where({ workshop_id: t.w.id }).first()).toMatchObject({ status: 'completed', seats: 1 });
    expect((await h.api('POST', `/api/booking/${t.links.bo}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    expect(await h.db('workshop_registrations').where({ workshop_id: t.w.id }).first()).toMatchObject({ status: 'cancelled', seats: 0 });
    expect((await view(t.links.buyer)).body.status).toBe('cancelled');
  });

  it('however the cancels and refunds come at once, no more than was paid goes back', async () => {
    const t = await bookTeam('cancel-race');
    await startsIn(h, t.w.id, 14);
    const seats = (await view(t.links.buyer)).body.seats as { id: string }[];
    const reg = await h.db('workshop_registrations').where({ workshop_id: t.w.id }).first();
    const answers = await Promise.all([
      h.api('POST', `/api/booking/${t.links.buyer}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id, seats[2].id] } }),
      h.api('POST', `/api/booking/${t.links.bo}/cancel`, { body: { confirm: true } }),
      h.api('POST', `/api/booking/${t.links.ann}/cancel`, { body: { confirm: true } }),
      h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 29700, reason: 'race' } }),
    ]);
    const given = answers.filter((a) => a.status === 200).reduce((sum, a) => sum + (a.body.refund_cents ?? a.body.refundCents ?? 0), 0);
    await refundsSettled(h);
    const back = await refundedAtProvider(h, { provider: 'razorpay', paymentId: t.paymentId });
    expect(back.cents).toBe(given);
    expect(back.cents).toBeLessThanOrEqual(29700);
    expect((await h.db('payments').where({ payment_id: t.paymentId }).first()).kept_cents).toBe(29700 - back.cents);
  });
});

describe('renaming a seat', () => {
  it("gives the new attendee their own link and confirmation; the old link stops working", async () => {
    const t = await bookTeam('rename');
    const bo = (await view(t.links.buyer)).body.seats[1];
    const res = await h.api('PATCH', `/api/booking/${t.links.buyer}/seats/${bo.id}`, { body: { name: 'Dee Rename', email: 'dee-rename@example.com' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.seats[1]).toMatchObject({ name: 'Dee Rename', email: 'dee-rename@example.com', status: 'active' });
    expect((await view(t.links.bo)).status).toBe(404);
    const dee = linkIn((await waitFor(async () => (await sandboxEmails(h.server, 'dee-rename@example.com'))[0])).text_body);
    expect((await view(dee)).body).toMatchObject({ role: 'attendee', name: 'Dee Rename' });
  });

  it('is refused from an attendee\'s link, for an email already seated, and within 24 hours of the start', async () => {
    const t = await bookTeam('rename-no');
    const seats = (await view(t.links.buyer)).body.seats as { id: string }[];
    const byAttendee = await h.api('PATCH', `/api/booking/${t.links.ann}/seats/${seats[0].id}`, { body: { name: 'X', email: 'x-rename@example.com' } });
    expect([byAttendee.status, byAttendee.body.error.message]).toEqual([403, 'Only the person who booked can name the seats.']);
    const twice = await h.api('PATCH', `/api/booking/${t.links.buyer}/seats/${seats[0].id}`, { body: { name: 'Bo again', email: 'BO-rename-no@example.com' } });
    expect([twice.status, twice.body.error.message]).toEqual([409, 'BO-rename-no@example.com already has a seat in this workshop.']);
    await h.db('workshops').where({ id: t.w.id }).update({ date: new Date(Date.now() + DAY - 60_000) });
    const late = await h.api('PATCH', `/api/booking/${t.links.buyer}/seats/${seats[0].id}`, { body: { name: 'Late', email: 'late-rename@example.com' } });
    expect([late.status, late.body.error.message]).toEqual([409, 'Seats can be renamed until 24 hours before the workshop starts.']);
    expect((await view(t.links.ann)).body.name).toBe('Ann rename-no');
  });
});
