import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review, and fixed since (the test holds the fix): an admin moves a booking out of a workshop that has ended (allowed: only the target must
 * not have started) into a later one, e.g. for someone who missed it. The seat keeps its id, and
 * the after-workshop records are keyed by it.
 */
const h = useTestServer({ admin: true });
const MIN = 60_000;
const DAY = 86_400_000;

async function missedThenMoved(tag: string) {
  const a = await insertWorkshop(h.db, { title: `Missed ${tag}`, date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2, recording_url: 'https://videos.example.com/a' });
  const b = await insertWorkshop(h.db, { title: `Second go ${tag}`, date: new Date(Date.now() + 7 * DAY), duration_hours: 2, recording_url: 'https://videos.example.com/b' });
  const reg = await insertRegistration(h.db, a.id, { name: 'Mo Missed', email: `mo.${tag}@example.com` });
  const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
  // A's thank-you went (Mo did not come: no certificate), and Mo answered A's feedback.
  expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), a.id)).toBe(1);
  expect((await h.api('PUT', `/api/feedback/${seat.join_token}`, { body: { rating: 1, comment: 'Could not get in, link never came' } })).status).toBe(200);
  const moved = await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: b.id } });
  expect(moved.status, moved.text).toBe(200);
  // B takes place (its date moved into the past, as the repo's tests move the clock) and Mo comes in by the link.
  await h.db('workshops').where({ id: b.id }).update({ date: new Date(Date.now() - 3 * 60 * MIN) });
  await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 150 * MIN) });
  return { a, b, reg, seatId: seat.id as string, token: seat.join_token as string };
}

describe('a booking moved out of an ended workshop', () => {
  it('still gets the thank-you (and its certificate) for the workshop it attended', async () => {
    const s = await missedThenMoved('thanks');
    const queued = await followUpWorkshop(h.db, emailSender(h.server.deps.config), s.b.id);
    const mails = await h.db('email_messages').where({ kind: 'after_workshop', attendee_id: s.seatId }).select('data');
    const cert = await h.db('certificates').where({ attendee_id: s.seatId }).first('workshop_title');
    // Expected: one thank-you for B and a certificate for B.
    expect({ queued, mails: mails.length, cert: cert?.workshop_title ?? null }).toEqual({ queued: 1, mails: 2, cert: `Second go thanks` });
  });

  it("files the feedback about B under B, without overwriting the answer about A", async () => {
    const s = await missedThenMoved('fb');
    const put = await h.api('PUT', `/api/feedback/${s.token}`, { body: { rating: 5, comment: 'Second session was great' } });
    expect(put.status, put.text).toBe(200);
    const forB = await h.api('GET', `/api/admin/workshops/${s.b.id}/feedback`, { token: h.token });
    const forA = await h.api('GET', `/api/admin/workshops/${s.a.id}/feedback`, { token: h.token });
    expect({ b: forB.body.items.map((i: { comment: string }) => i.comment), a: forA.body.items.map((i: { comment: string }) => i.comment) }).toEqual({
      b: ['Second session was great'],
      a: ['Could not get in, link never came'],
    });
  });
});
