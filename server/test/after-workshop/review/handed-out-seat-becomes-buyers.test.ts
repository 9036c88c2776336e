import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop, waitFor } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review, and fixed since (the test holds the fix): the buyer's booking page hands out each unnamed seat's own join link (commit 1804e4a);
 * "the buyer's seat" is recomputed every time as the first active unnamed one (buyersSeat). When
 * the buyer cancels their own seat, a seat they already handed out becomes "theirs": the colleague's
 * attendance earns a certificate in the buyer's name, emailed to the buyer with that seat's links.
 */
const h = useTestServer({ admin: true });
const MIN = 60_000;
const MEETING = 'https://meet.example.com/handed-out';

describe('a team buyer who cancels their own seat after handing out the others', () => {
  it("gets no certificate for a colleague's attendance", async () => {
    const w = await createWorkshop(h.db, { title: 'Handed out', date: new Date(Date.now() + 120 * MIN), duration_hours: 2, max_participants: 10, join_url: MEETING });
    const tess = await bookByCard(h, w.id, 'handout', { seats: 3 });
    const reg = await h.db('workshop_registrations').where({ workshop_id: w.id }).whereRaw('lower(email) = ?', [tess.email]).first('id', 'name');
    const seats = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id', 'position', 'email', 'join_token');
    expect(seats.map((s) => s.email)).toEqual([tess.email, null, null]);

    // Tess's page hands out seats 2 and 3: she gives seat 2 to Carl.
    const view = (await h.api('GET', `/api/booking/${tess.token}`)).body;
    const carlsLink: string = view.seats.find((s: { position: number }) => s.position === 2).join_url;
    expect(carlsLink).toMatch(new RegExp(`/join/${seats[1].join_token}$`));

    // Tess cannot come after all: she cancels her own seat (seat 1) from her booking link.
    const cancel = await h.api('POST', `/api/booking/${tess.token}/cancel`, { body: { attendee_ids: [seats[0].id], confirm: true } });
    expect(cancel.status, cancel.text).toBe(200);

    // The workshop is on; Carl comes in by the link Tess handed him.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 30 * MIN) });
    const res = await fetch(`${h.server.url}/join/${new URL(carlsLink).pathname.split('/').pop()}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    await waitFor(async () => (await h.db('attendees').where({ id: seats[1].id }).first('first_joined_at')).first_joined_at);

    // It ends; the thank-you goes out.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 3 * 60 * MIN) });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);
    const certs = await h.db('certificates as c').join('attendees as a', 'a.id', 'c.attendee_id').where('a.registration_id', reg.id).select('c.name', 'a.position');
    // Tess did not attend (she cancelled her seat): no certificate may name her.
    expect(certs.filter((c) => c.name === reg.name)).toEqual([]);
  });
});
