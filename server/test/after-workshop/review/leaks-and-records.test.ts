import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { waitFor } from '../../payments/payments-helpers';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

const h = useTestServer({ admin: true });
const MIN = 60_000;
const DAY = 86_400_000;
const MEETING = 'https://meet.example.com/secret-room';
const RECORDING = 'https://videos.example.com/secret-recording';

describe('the admin activity log', () => {
  it('keeps neither the meeting nor the recording address when an attendance mark or a certificate reissue is logged', async () => {
    const w = await insertWorkshop(h.db, { title: 'Logged', date: new Date(Date.now() - 30 * MIN), duration_hours: 2, join_url: MEETING, join_passcode: 'pass-1234', recording_url: RECORDING });
    const reg = await insertRegistration(h.db, w.id, { name: 'Lou Logged', email: 'lou.log@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id');
    const before = Number((await h.db('admin_activity').max('id as m').first())?.m ?? 0);
    const marked = await h.api('PUT', `/api/admin/workshops/${w.id}/attendance/${seat.id}`, { token: h.token, body: { mark: 'attended' } });
    expect(marked.status, marked.text).toBe(200);
    const reissued = await h.api('POST', `/api/admin/workshops/${w.id}/attendance/${seat.id}/certificate`, { token: h.token });
    expect(reissued.status, reissued.text).toBe(200);
    const rows = await waitFor(async () => {
      const r = await h.db('admin_activity').where('id', '>', before).select('action', 'before', 'after');
      return r.length >= 2 && r;
    });
    const logged = JSON.stringify(rows);
    // Append-only: whatever lands here stays forever, and every staff member reads it.
    expect({ meeting: logged.includes(MEETING), recording: logged.includes(RECORDING), passcode: logged.includes('pass-1234') }).toEqual({ meeting: false, recording: false, passcode: false });
  });
});

describe('clearing old registration data', () => {
  async function attendedSeat(title: string, startedAgo: number) {
    const w = await insertWorkshop(h.db, { title, date: new Date(Date.now() - startedAgo), duration_hours: 2, recording_url: RECORDING });
    const reg = await insertRegistration(h.db, w.id, { name: 'Cleo Certified', email: `cleo.${title.toLowerCase()}@example.com` });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - startedAgo + 10 * MIN) });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);
    return { w, seat };
  }
  const clear = async () => {
    const res = await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
    expect(res.status, res.text).toBe(200);
  };

  it('leaves certificates verifiable (the emailed /certificates/<id> keeps confirming the attendee)', async () => {
    const { seat } = await attendedSeat('Certified', 60 * DAY);
    const cert = await h.db('certificates').where({ attendee_id: seat.id }).first('id');
    expect((await h.api('GET', `/api/certificates/${cert.id}`)).status).toBe(200);
    await clear();
    expect((await h.api('GET', `/api/certificates/${cert.id}`)).status).toBe(200);
  });

  it('keeps the recording link working until 30 days after the workshop, however a clear counts', async () => {
    // Started 30 days less an hour ago: an hour left of the link, which a clear of old bookings does not cut short.
    const { seat } = await attendedSeat('Recorded', 30 * DAY - 60 * MIN);
    expect((await fetch(`${h.server.url}/recording/${seat.join_token}`, { redirect: 'manual' })).status).toBe(302);
    await clear();
    expect((await fetch(`${h.server.url}/recording/${seat.join_token}`, { redirect: 'manual' })).status).toBe(302);
    // Started 30 days and an hour ago: over, as the booking page says.
    const late = await attendedSeat('Recorded-late', 30 * DAY + 60 * MIN);
    expect((await fetch(`${h.server.url}/recording/${late.seat.join_token}`, { redirect: 'manual' })).headers.get('location')).toBeNull();
  });
});


describe('the certificate PDF', () => {
  it('is not indexable by search engines (it names a person; the public page links it and robots.txt allows /api)', async () => {
    const w = await insertWorkshop(h.db, { title: 'Indexed', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2 });
    const reg = await insertRegistration(h.db, w.id, { name: 'Ines Indexed', email: 'ines.pdf@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id');
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 150 * MIN) });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);
    const cert = await h.db('certificates').where({ attendee_id: seat.id }).first('id');
    const pdf = await fetch(`${h.server.url}/api/certificates/${cert.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('x-robots-tag') ?? '').toContain('noindex');
  });
});
