import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review, decided as designed: a booking cancelled (refunded after a
 * complaint, say) after its thank-you loses its recording and feedback links (they open an active
 * seat of a completed booking only), but its certificate stays: it certifies that its person came
 * to the session, which a refund does not undo. What withdraws a certificate is the attendance
 * itself: an admin marking the seat absent (below), or the session being run again.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;

describe('a booking cancelled after its certificate was issued', () => {
  it('loses its recording link and keeps its certificate (the person came)', async () => {
    const w = await insertWorkshop(h.db, { title: 'Cancelled later', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2, recording_url: 'https://videos.example.com/x' });
    const reg = await insertRegistration(h.db, w.id, { name: 'Cy Cancelled', email: 'cy.cancel@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 170 * MIN) });
    expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id)).toBe(1);
    const cert = await h.db('certificates').where({ attendee_id: seat.id }).first('id');
    expect((await h.api('GET', `/api/certificates/${cert.id}`)).status).toBe(200);

    const cancelled = await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token });
    expect(cancelled.status, cancelled.text).toBe(200);

    const recording = await fetch(`${h.server.url}/recording/${seat.join_token}`, { redirect: 'manual' });
    const api = await h.api('GET', `/api/certificates/${cert.id}`);
    const pdf = await fetch(`${h.server.url}/api/certificates/${cert.id}/pdf`);
    expect({ recording: recording.status, api: api.status, pdf: pdf.status }).toEqual({ recording: 404, api: 200, pdf: 200 });
  });
});

/**
 * Same review (fixed: a mark that makes the seat not attended deletes its certificate): the thank-you issues certificates within a minute of the end, from
 * the join links alone; an admin who then marks someone absent (clicked and left at once: the
 * attendance migration's own example) cannot take the certificate back: the attendance view says
 * "not attended" and still lists the certificate, which the public page keeps confirming.
 */
describe('a seat marked absent after its thank-you', () => {
  it('no longer has its certificate confirmed', async () => {
    const w = await insertWorkshop(h.db, { title: 'Clicked and left', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2 });
    const reg = await insertRegistration(h.db, w.id, { name: 'Lee Left', email: 'lee.left@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id');
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 170 * MIN) });
    expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id)).toBe(1);
    const cert = await h.db('certificates').where({ attendee_id: seat.id }).first('id');
    expect(cert).toBeTruthy();

    const marked = await h.api('PUT', `/api/admin/workshops/${w.id}/attendance/${seat.id}`, { token: h.token, body: { mark: 'absent' } });
    expect(marked.status, marked.text).toBe(200);
    const api = await h.api('GET', `/api/certificates/${cert.id}`);
    expect({ attended: marked.body.attended, certificate: api.status }).toEqual({ attended: false, certificate: 404 });
  });
});
