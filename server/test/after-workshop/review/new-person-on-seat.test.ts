import { CERTIFICATE_MESSAGES } from '@workshop/shared';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { waitFor } from '../../payments/payments-helpers';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review, and fixed since (the test holds the fix): a seat that gets a new person (admin transfer "at any time") gets a new join token and
 * fresh attendance, but the old person's feedback, certificate and a join still in flight stay on
 * the seat row (attendee_id), so they pass to the new person.
 */
const h = useTestServer({ admin: true });
const MIN = 60_000;
const MEETING = 'https://meet.example.com/room';

async function endedWorkshopWithRia(tag: string) {
  const w = await insertWorkshop(h.db, { title: `Passed ${tag}`, date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2, recording_url: 'https://videos.example.com/r' });
  const reg = await insertRegistration(h.db, w.id, { name: 'Ria Came', email: `ria.${tag}@example.com` });
  const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
  await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 150 * MIN) });
  expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id)).toBe(1);
  return { w, reg, seatId: seat.id as string, oldToken: seat.join_token as string };
}
const transfer = (regId: string, tag: string) =>
  h.api('POST', `/api/admin/registrations/${regId}/transfer`, { token: h.token, body: { name: 'Nat New', email: `nat.${tag}@example.com`, phone: '9876543210', reason: 'Booked for the wrong person' } });

describe('a seat passed on after the workshop', () => {
  it("does not show the old holder's feedback to the new holder (nor let them overwrite it)", async () => {
    const s = await endedWorkshopWithRia('fb');
    const put = await h.api('PUT', `/api/feedback/${s.oldToken}`, { body: { rating: 1, comment: 'Private to the organiser: my manager forced me to come.' } });
    expect(put.status, put.text).toBe(200);
    const t = await transfer(s.reg.id, 'fb');
    expect(t.status, t.text).toBe(200);
    const { join_token: newToken } = await h.db('attendees').where({ id: s.seatId }).first('join_token');
    expect(newToken).not.toBe(s.oldToken);
    const mine = await h.api('GET', `/api/feedback/${newToken}`);
    expect(mine.status).toBe(200);
    // Nat never answered: the form must be blank, not Ria's private comment.
    expect({ rating: mine.body.rating, comment: mine.body.comment }).toEqual({ rating: null, comment: '' });
  });

  it('does not give the old holder\'s certificate to the new holder on a reissue', async () => {
    const s = await endedWorkshopWithRia('cert');
    const cert = await h.db('certificates').where({ attendee_id: s.seatId }).first('id', 'name');
    expect(cert.name).toBe('Ria Came');
    const t = await transfer(s.reg.id, 'cert');
    expect(t.status, t.text).toBe(200);
    // Nat did not attend (attendance was reset by the trigger).
    expect((await h.db('attendees').where({ id: s.seatId }).first('first_joined_at', 'attendance_mark'))).toEqual({ first_joined_at: null, attendance_mark: null });
    const reissue = await h.api('POST', `/api/admin/workshops/${s.w.id}/attendance/${s.seatId}/certificate`, { token: h.token });
    // Expected: refused, Nat did not attend. Ria's public certificate must still name Ria.
    expect([reissue.status, reissue.body?.error?.message ?? reissue.body?.name]).toEqual([409, CERTIFICATE_MESSAGES.notAttended]);
    expect((await h.api('GET', `/api/certificates/${cert.id}`)).body.name).toBe('Ria Came');
  });
});

describe('a join in flight while the seat changes hands', () => {
  it("is not credited to the seat's new person", async () => {
    // A live workshop (started 30 minutes ago, 2 hours long).
    const w = await insertWorkshop(h.db, { title: 'Live handover', date: new Date(Date.now() - 30 * MIN), duration_hours: 2, join_url: MEETING });
    const reg = await insertRegistration(h.db, w.id, { name: 'Olga Old', email: 'olga.race@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
    // Someone waiting under the new holder's address: the transfer marks it booked at its very end (markWaitlistBooked).
    const [entry] = await h.db('waitlist_entries').insert({ workshop_id: w.id, name: 'Nat New', email: 'nat.race@example.com', phone: '9876543210', status: 'waiting' }).returning('id');
    // A slow commit of the admin's transfer: hold that waitlist row so the transfer pauses after it has rewritten the seat.
    const blocker = new pg.Client({ connectionString: h.server.testDb.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM waitlist_entries WHERE id = $1 FOR UPDATE', [entry.id]);
    const transferring = transfer(reg.id, 'race');
    await waitFor(async () => (await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%waitlist_entries%'`)).rows[0].n > 0);
    // Olga, the old holder, clicks her join link now: the transfer has not committed, so it still opens.
    const res = await fetch(`${h.server.url}/join/${seat.join_token}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    await new Promise((r) => setTimeout(r, 300));
    await blocker.query('ROLLBACK');
    await blocker.end();
    expect((await transferring).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const after = await h.db('attendees').where({ id: seat.id }).first('email', 'join_token', 'first_joined_at');
    expect(after.email).toBe('nat.race@example.com');
    expect(after.join_token).not.toBe(seat.join_token);
    // Nat never opened a link: Olga's join must not make Nat "attended" (and certificate-worthy).
    expect(after.first_joined_at).toBeNull();
  });
});
