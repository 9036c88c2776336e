import { describe, expect, it } from 'vitest';
import { followUpEndedWorkshops, followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop } from '../../payments/payments-helpers';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/** Found by a fresh-eyes review, and fixed since: "every person gets one Thank you for attending", and it follows the workshop's real end. */
const h = useTestServer({ admin: true });
const MIN = 60_000;
const DAY = 86_400_000;
const thanksTo = (to: string) => h.db('email_messages').where({ kind: 'after_workshop' }).whereRaw('lower(to_email) = ?', [to]).select('id', 'attendee_id');

describe('one thank-you per person', () => {
  it('a buyer with their own booking who also bought a team with a seat left unnamed gets one, not two', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() + 2 * DAY), duration_hours: 2, max_participants: 10 });
    // Real checkouts: Tess books her own seat, then two seats for her team naming only Alice (allowed: only named emails are checked).
    const own = await bookByCard(h, w.id, 'tess');
    await bookByCard(h, w.id, 'tess', { seats: 2, attendees: [{ name: 'Alice Mate', email: 'alice.twice@example.com' }] });
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 3 * 60 * MIN) });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);
    expect((await thanksTo(own.email)).length).toBe(1);
  });
});

describe('a workshop rescheduled after its thank-you', () => {
  it('thanks (and certifies) the people who came to the session that really took place', async () => {
    // The session did not happen at its first date (the host was ill); the sweep ran at that end anyway.
    const w = await insertWorkshop(h.db, { title: 'Postponed', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2, recording_url: 'https://videos.example.com/p' });
    const reg = await insertRegistration(h.db, w.id, { name: 'Pat Patient', email: 'pat.resched@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id');
    expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id)).toBe(1);
    // The admin moves it to next week.
    const moved = await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { date: new Date(Date.now() + 7 * DAY).toISOString() } });
    expect(moved.status, moved.text).toBe(200);
    // ...the new session takes place (the clock moved in the database) and Pat comes in by the link.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 3 * 60 * MIN) });
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 150 * MIN) });
    await followUpEndedWorkshops(h.db, emailSender(h.server.deps.config), () => {});
    const cert = await h.db('certificates').where({ attendee_id: seat.id }).first('id');
    expect({ certificate: Boolean(cert), thankYous: (await thanksTo('pat.resched@example.com')).length }).toEqual({ certificate: true, thankYous: 2 });
  });
});
