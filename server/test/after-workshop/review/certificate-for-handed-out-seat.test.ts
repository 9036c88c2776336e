import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review (fixed): a team buyer hands out their unnamed seats' own
 * join links (booking page). The thank-you rightly certifies nobody for such a seat (nobody is
 * named on it). But the admin's "issue certificate" (reissueCertificate) names any unnamed seat's
 * certificate `coalesce(a.name, r.name)`: the buyer's, whose own seat is another one. A colleague
 * who came in by a handed-out link gets the buyer a second certificate, for attendance that was
 * not theirs (README: "the buyer's on their own unnamed seat" only).
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;

describe('an unnamed seat that is not the buyer\'s own', () => {
  it('does not get a certificate in the buyer\'s name', async () => {
    const w = await insertWorkshop(h.db, { title: 'Team day', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2 });
    const reg = await insertRegistration(h.db, w.id, { name: 'Tess Lead', email: 'tess.handout-cert@example.com', seats_bought: 3, seats: 3, amount: 29700 });
    const seats = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id', 'email');
    expect(seats.map((s) => s.email)).toEqual(['tess.handout-cert@example.com', null, null]);
    // Tess came on her seat (1); a colleague came in by the link Tess handed out for seat 2.
    await h.db('attendees').where({ id: seats[0].id }).update({ first_joined_at: new Date(Date.now() - 170 * MIN) });
    await h.db('attendees').where({ id: seats[1].id }).update({ first_joined_at: new Date(Date.now() - 165 * MIN) });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);
    expect(await h.db('certificates').where({ attendee_id: seats[1].id }).first()).toBeUndefined();

    // The attendance drawer offers "issue certificate" for seat 2 (it attended, it has none).
    const issued = await h.api('POST', `/api/admin/workshops/${w.id}/attendance/${seats[1].id}/certificate`, { token: h.token });
    const tessCerts = await h.db('certificates').where({ name: 'Tess Lead' }).count<{ n: string }[]>('* as n').first();
    // Expected: refused (nobody is named on seat 2), and Tess keeps one certificate, for her own seat.
    expect({ status: issued.status, tessCerts: Number(tessCerts?.n) }).toEqual({ status: 409, tessCerts: 1 });
  });
});
