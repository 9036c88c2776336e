import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { emailSender } from '../../src/email/email.data';
import { followUpEndedWorkshops } from '../../src/after-workshop/follow-up.service';
import { startServer, type RunningServer } from '../../src/server';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import { insertRegistration, insertWorkshop } from '../support/fixtures';
import { createTestDb, type TestDb } from '../support/test-db';
import type { TestServer } from '../support/test-server';

/**
 * "Thank you for attending" (issue 26, point 5): within two minutes of a workshop's scheduled end,
 * each seat with a person gets one email (once, with two instances sweeping at the same time),
 * with its recording and feedback links, and a certificate for those who came.
 */
const MIN = 60_000;
let testDb: TestDb;
const servers: RunningServer[] = [];
const db = () => servers[0].deps.db;
const inbox = (to: string) => sandboxEmails({ deps: { db: db() } } as unknown as TestServer, to);

beforeAll(async () => {
  testDb = await createTestDb();
  const env = { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: testDb.url, FOLLOW_UP_INTERVAL_SECONDS: '1', JOB_POLL_INTERVAL_MS: '100', PUBLIC_BASE_URL: 'https://workshops.example.com' };
  servers.push(...(await Promise.all([0, 1].map(() => startServer(loadConfig(env))))));
}, 120_000);
afterAll(async () => {
  for (const s of servers) await s.close();
  await testDb?.drop();
});

/** A workshop of 2 hours ending `endsIn` ms from now: a solo buyer who came in by their link; a team of three (the buyer, a named mate marked absent, a seat not named yet). */
async function workshopWithPeople(tag: string, endsIn: number, extra: Record<string, unknown> = {}) {
  const w = await insertWorkshop(db(), { title: `Thanked ${tag}`, date: new Date(Date.now() + endsIn - 120 * MIN), duration_hours: 2, join_url: 'https://meet.example.com/x', recording_url: 'https://videos.example.com/rec', ...extra });
  const solo = await insertRegistration(db(), w.id, { name: 'Sol Solo', email: `sol.${tag}@example.com` });
  await db()('attendees').where({ registration_id: solo.id }).update({ first_joined_at: new Date() });
  const team = await insertRegistration(db(), w.id, { name: 'Tess Lead', email: `tess.${tag}@example.com`, seats_bought: 3, seats: 3, amount: 29700 });
  await db()('attendees').where({ registration_id: team.id, position: 2 }).update({ name: 'Mat Mate', email: `mat.${tag}@example.com`, attendance_mark: 'absent' });
  const gone = await insertRegistration(db(), w.id, { name: 'Gil Gone', email: `gil.${tag}@example.com`, status: 'cancelled' });
  return { w, solo, team, gone };
}
const thanks = async (workshopId: string) => db()('email_messages as m').join('attendees as a', 'a.id', 'm.attendee_id').where({ 'm.kind': 'after_workshop', 'a.workshop_id': workshopId }).select('m.to_email', 'm.attendee_id', 'm.status');

describe('after the workshop', () => {
  it('thanks each person once, within two sweeps of the end, with two instances sweeping', async () => {
    const { w, solo, gone } = await workshopWithPeople('live', 3_000);
    expect(await thanks(w.id)).toEqual([]);
    const sent = await waitFor(async () => {
      const rows = await thanks(w.id);
      return rows.length === 3 && rows.every((r) => r.status === 'sent') && rows;
    }, 20_000);
    expect(sent.map((r) => r.to_email).sort()).toEqual(['mat.live@example.com', 'sol.live@example.com', 'tess.live@example.com']);
    // More sweeps, on both instances and by hand at the same moment: nothing more.
    const sender = emailSender(servers[0].deps.config);
    await Promise.all(servers.map((s) => followUpEndedWorkshops(s.deps.db, sender, () => {})));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await thanks(w.id)).toHaveLength(3);
    expect(await inbox('gil.live@example.com')).toEqual([]);
    expect(await inbox('sol.live@example.com')).toHaveLength(1);

    // The solo buyer came: recording, feedback and a certificate; the absent mate and the lead who never joined: no certificate.
    const [sol] = await inbox('sol.live@example.com');
    const seat = await db()('attendees').where({ registration_id: solo.id }).first('id', 'join_token');
    const cert = await db()('certificates').where({ attendee_id: seat.id }).first();
    expect(sol.subject).toBe(`Thank you for attending: ${w.title}`);
    expect(sol.text_body).toContain(`https://workshops.example.com/recording/${seat.join_token}`);
    expect(sol.text_body).toContain(`https://workshops.example.com/feedback/${seat.join_token}`);
    expect(sol.text_body).toContain(`Your certificate of completion:\nhttps://workshops.example.com/certificates/${cert.id}`);
    expect(cert).toMatchObject({ name: 'Sol Solo', workshop_title: w.title, hours: 2 });
    for (const to of ['mat.live@example.com', 'tess.live@example.com']) {
      const [mail] = await inbox(to);
      expect(mail.text_body).toContain('/recording/');
      expect(mail.text_body).not.toContain('certificate');
    }
    expect(await db()('certificates').count('* as n').first()).toEqual({ n: 1 });
    expect((await db()('workshops').where({ id: w.id }).first('followed_up_at')).followed_up_at).not.toBeNull();
    // Once sent, the seat's secret links are not kept in our records.
    const stored = await db()('email_messages').where({ kind: 'after_workshop', to_email: 'sol.live@example.com' }).first('data');
    expect(JSON.stringify(stored.data)).not.toContain(seat.join_token);
    void gone;
  }, 60_000);

  it('thanks nobody for a workshop not over yet, or called off', async () => {
    const later = await workshopWithPeople('later', 10 * MIN);
    const off = await workshopWithPeople('off', -MIN, { status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'Venue flooded' });
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await thanks(later.w.id)).toEqual([]);
    expect(await thanks(off.w.id)).toEqual([]);
    expect((await db()('workshops').where({ id: off.w.id }).first('followed_up_at')).followed_up_at).toBeNull();
  }, 30_000);
});
