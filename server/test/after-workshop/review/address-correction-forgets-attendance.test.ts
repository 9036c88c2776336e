import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review (fixed): "Correct email and resend" corrects the address of
 * the same person (email-correction.service.ts: "same person, so no 'your seat was passed on'").
 * But the seat's attendance, certificate and feedback are let go by triggers on any change of
 * `attendees.email` (join-links, attendance and after-workshop migrations), as for a new person.
 * A correction made after the workshop (a reminder that bounced is still in Needs Attention then)
 * makes someone who came "not attended", drops the workshop's attendance rate, unlinks their
 * certificate from their seat (a reissue after a name correction is then refused: "Only
 * attendees who joined ... get a certificate"), and blanks their own feedback form.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;

describe('an address corrected after the workshop', () => {
  it("keeps the person's attendance, certificate and answer", async () => {
    const w = await insertWorkshop(h.db, { title: 'Corrected later', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2, recording_url: 'https://videos.example.com/c' });
    const typo = 'cora.typo@exmaple.com';
    const reg = await insertRegistration(h.db, w.id, { name: 'Cora Came', email: typo });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id', 'join_token', 'email');
    expect(seat.email).toBe(typo);
    // Cora came in by her link (from her booking page) and answered the feedback form.
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 170 * MIN) });
    expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id)).toBe(1);
    const cert = await h.db('certificates').where({ attendee_id: seat.id }).first('id');
    expect(cert).toBeTruthy();
    expect((await h.api('PUT', `/api/feedback/${seat.join_token}`, { body: { rating: 5, comment: 'Great' } })).status).toBe(200);

    // Her 24-hour reminder had bounced (a typo'd domain): the admin corrects it from Needs Attention.
    const [bounced] = await h.db('email_messages')
      .insert({ registration_id: reg.id, kind: 'reminder_24h', to_email: typo, status: 'sent', subject: 'Reminder', data: JSON.stringify({ name: 'Cora Came' }), bounced_at: new Date(), bounce_reason: 'Bounced by the receiving server: 550 no such domain', delivery: 'bounced' })
      .returning('id');
    const fixed = await h.api('POST', `/api/admin/registrations/${reg.id}/correct-email`, { token: h.token, body: { email: 'cora@example.com', email_message_id: bounced.id } });
    expect(fixed.status, fixed.text).toBe(200);

    const attendance = await h.api('GET', `/api/admin/workshops/${w.id}/attendance`, { token: h.token });
    const row = attendance.body.items.find((i: { attendee_id: string }) => i.attendee_id === seat.id);
    const { join_token: token } = await h.db('attendees').where({ id: seat.id }).first('join_token');
    const form = await h.api('GET', `/api/feedback/${token}`);
    const reissue = await h.api('POST', `/api/admin/workshops/${w.id}/attendance/${seat.id}/certificate`, { token: h.token });
    expect({ attended: row?.attended, certificate: row?.certificate_id, rating: form.body.rating, reissue: reissue.status }).toEqual({
      attended: true,
      certificate: cert.id,
      rating: 5,
      reissue: 200,
    });
  });
});
