import { describe, expect, it } from 'vitest';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';
/** Found by a fresh-eyes review, and fixed since: a cancelled seat in the buyer's name hid an active one they moved into, leaving them no join link. */

const h = useTestServer({ admin: true });
const DAY = 86_400_000;

describe('buyersSeat: cancelled named seat shadows an active one in the buyer name', () => {
  it('buyer who sits in seat 2 (after seat 1 was cancelled) still gets a join link', async () => {
    const w = await createWorkshop(h.db, { title: 'Review Buyers Seat', date: new Date(Date.now() + 20 * DAY) });
    const email = 'buyerrev-bs@example.com';
    const b = await bookByCard(h, w.id, 'rev-bs', { seats: 3, attendees: [{ name: 'Buyer rev-bs', email }] });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const seats = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position');
    const c = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seats[0].id}/cancel`, { token: h.token, body: { refund_cents: 0 } });
    expect(c.status, c.text).toBe(200);
    const r = await h.api('PATCH', `/api/booking/${b.token}/seats/${seats[1].id}`, { body: { name: 'Buyer rev-bs', email } });
    expect(r.status, r.text).toBe(200);
    // into the join window
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() + 3600_000) });
    const v = await h.api('GET', `/api/booking/${b.token}`);
    expect(v.body.join?.url).toBeTruthy();
  });
});
