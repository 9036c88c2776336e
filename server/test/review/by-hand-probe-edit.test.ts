import { describe, expect, it } from 'vitest';
import { bookByCard, razorpayWebhook } from '../payments/booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;
const activeSeatsOf = async (workshopId: string, email: string) =>
  (
    await h
      .db('attendees as a')
      .join('workshop_registrations as r', 'r.id', 'a.registration_id')
      .where({ 'a.workshop_id': workshopId, 'a.status': 'active', 'r.status': 'completed' })
      .whereRaw('lower(coalesce(a.email, r.email)) = lower(?)', [email])
      .select('a.id')
  ).length;

describe('probe: PATCH email edit and one seat per person', () => {
  it('editing the buyer email to a team-mate of the same order gives that person two seats', async () => {
    const w = await createWorkshop(h.db, { title: 'Probe Team Edit', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    const who = buyer('probe-team-edit');
    const mate = { name: 'Mate Probe', email: 'mate-probe-edit@example.com' };
    await bookByCard(h, w.id, 'probe-team-edit', { seats: 2, attendees: [{ name: who.name, email: who.email }, mate] });
    const reg = await h.db('workshop_registrations').where({ email: who.email, workshop_id: w.id }).first();
    expect(await activeSeatsOf(w.id, mate.email)).toBe(1);

    // Same thing through a transfer / checkout is refused; the edit should be too.
    const res = await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { email: mate.email } });
    console.log('PATCH status', res.status, res.text.slice(0, 200));
    const seats = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('position', 'email', 'status');
    console.log('seats after', seats);
    expect(res.status).toBe(409);
    expect(await activeSeatsOf(w.id, mate.email)).toBe(1);
  });

  it('variant: seat 2 left unnamed (the buyer’s own), buyer email edited to the attendee of seat 1', async () => {
    const w = await createWorkshop(h.db, { title: 'Probe Team Edit 2', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    const who = buyer('probe-team-edit2');
    const mate = { name: 'Mate Probe2', email: 'mate-probe-edit2@example.com' };
    await bookByCard(h, w.id, 'probe-team-edit2', { seats: 2, attendees: [mate] });
    const reg = await h.db('workshop_registrations').where({ email: who.email, workshop_id: w.id }).first();
    const res = await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { email: mate.email } });
    console.log('PATCH2 status', res.status);
    const seats = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('position', 'email', 'status');
    console.log('seats after 2', seats, 'buyer now', (await h.db('workshop_registrations').where({ id: reg.id }).first()).email);
    expect(res.status).toBe(409);
  });

  it('by hand: a named attendee of an expired (still payable) team hold is added by hand, then the late payment seats them again', async () => {
    const w = await createWorkshop(h.db, { title: 'Probe Late Team', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    const who = buyer('probe-late-team');
    const q = { name: 'Quinn Probe', email: 'quinn-probe@example.com' };
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, seats: 2, attendees: [{ name: who.name, email: who.email }, q] } });
    expect(co.status, co.text).toBe(201);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    // The hold runs out before the verify arrives (buyer closed the tab).
    await h.db('workshop_registrations').where({ email: who.email, workshop_id: w.id }).update({ hold_expires_at: new Date(Date.now() - 1000) });
    const add = await h.api('POST', '/api/admin/registrations', { token: h.token, body: { workshop_id: w.id, name: q.name, email: q.email, phone: '', payment: 'complimentary' } });
    console.log('add status', add.status, add.text.slice(0, 200));
    const hook = await razorpayWebhook(h, 'payment.captured', paid.body.razorpay_payment_id, co.body.order.id);
    console.log('webhook', hook.status);
    const regs = await h.db('workshop_registrations').where({ workshop_id: w.id }).select('email', 'status', 'seats', 'by_hand_payment');
    console.log(regs);
    expect(await activeSeatsOf(w.id, q.email)).toBeLessThanOrEqual(1);
  });
});
