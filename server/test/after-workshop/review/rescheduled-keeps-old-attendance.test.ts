import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review (fixed): a workshop moved after its end (the host was ill)
 * is thanked again after the session that really happens (workshops.service.ts resets
 * followed_up_at), but its seats keep the joins recorded at the session that did not happen (only
 * a move to another workshop or a new person resets them). Whoever clicked their link and waited
 * for the host the first time counts as attended at the real session without coming, and the
 * second thank-you hands them the certificate issued the first time (certificateUrlFor keeps
 * the first one), dated the day that did not happen.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;
const DAY = 86_400_000;

describe('a workshop rescheduled after a session that did not happen', () => {
  it('does not count, or certify, a click at the old date as attending the new one', async () => {
    const first = new Date(Date.now() - 3 * 60 * MIN);
    const w = await insertWorkshop(h.db, { title: 'Host was ill', date: first, duration_hours: 2 });
    const reg = await insertRegistration(h.db, w.id, { name: 'Pia Clicked', email: 'pia.resched@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id');
    // Pia clicked her link at the first date and waited; the host never came. The sweep ran at that end.
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(first.getTime() + 2 * MIN) });
    expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id)).toBe(1);

    const moved = await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { date: new Date(Date.now() + 7 * DAY).toISOString() } });
    expect(moved.status, moved.text).toBe(200);
    // The real session takes place (the clock moved in the database); Pia does not come this time.
    const second = new Date(Date.now() - 3 * 60 * MIN + 10 * MIN);
    await h.db('workshops').where({ id: w.id }).update({ date: second });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);

    const attendance = await h.api('GET', `/api/admin/workshops/${w.id}/attendance`, { token: h.token });
    const row = attendance.body.items.find((i: { attendee_id: string }) => i.attendee_id === seat.id);
    const cert = await h.db('certificates').where({ attendee_id: seat.id }).first('workshop_date');
    // The certificate of the session that did not happen is gone too, and no new one was due.
    expect({ attended: row.attended, certificate: cert ?? null }).toEqual({ attended: false, certificate: null });
  });
});
