import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop, waitFor } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review (fixed): the variant of handed-out-seat-becomes-buyers that
 * its fix (buyersSeat: "a seat they handed out never becomes theirs") does not cover. A team
 * buyer who named a colleague on the first seat holds the first UNNAMED seat; when they cancel
 * it, "the buyer's seat" becomes the next unnamed one, which they had already handed out. Its
 * holder's attendance earns the buyer a certificate, emailed to the buyer with that seat's links.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;
const MEETING = 'https://meet.example.com/handed-out-2';

describe('a team buyer on an unnamed seat who cancels it after handing out the others', () => {
  it("gets no certificate for a colleague's attendance", async () => {
    const w = await createWorkshop(h.db, { title: 'Handed out unnamed', date: new Date(Date.now() + 120 * MIN), duration_hours: 2, max_participants: 10, join_url: MEETING });
    const tess = await bookByCard(h, w.id, 'handout2', { seats: 3, attendees: [{ name: 'Alice Named', email: 'alice.handout2@example.com' }] });
    const reg = await h.db('workshop_registrations').where({ workshop_id: w.id }).whereRaw('lower(email) = ?', [tess.email]).first('id', 'name');
    const seats = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id', 'position', 'email', 'join_token');
    expect(seats.map((s) => s.email)).toEqual(['alice.handout2@example.com', null, null]);

    // Tess's page: her own join link is seat 2's; it hands out seat 3's.
    const view = (await h.api('GET', `/api/booking/${tess.token}`)).body;
    expect(view.join?.url).toMatch(new RegExp(`/join/${seats[1].join_token}$`));
    const carlsLink: string = view.seats.find((s: { position: number }) => s.position === 3).join_url;
    expect(carlsLink).toMatch(new RegExp(`/join/${seats[2].join_token}$`));

    // Tess cannot come after all: she cancels her own seat (seat 2).
    const cancel = await h.api('POST', `/api/booking/${tess.token}/cancel`, { body: { attendee_ids: [seats[1].id], confirm: true } });
    expect(cancel.status, cancel.text).toBe(200);

    // The workshop is on; Carl comes in by the link Tess handed him.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 30 * MIN) });
    const res = await fetch(`${h.server.url}/join/${seats[2].join_token}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    await waitFor(async () => (await h.db('attendees').where({ id: seats[2].id }).first('first_joined_at')).first_joined_at);

    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 3 * 60 * MIN) });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);
    const certs = await h.db('certificates as c').join('attendees as a', 'a.id', 'c.attendee_id').where('a.registration_id', reg.id).select('c.name', 'a.position');
    // Tess did not attend (she cancelled her seat): no certificate may name her.
    expect(certs.filter((c) => c.name === reg.name)).toEqual([]);
  });
});
