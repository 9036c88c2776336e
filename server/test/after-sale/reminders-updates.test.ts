import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';

const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

async function book(workshopId: string, who: ReturnType<typeof buyer>) {
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  return h.db('workshop_registrations').where({ email: who.email }).first();
}

const job = async (key: string) => (await h.db.raw(`SELECT run_at, payload FROM graphile_worker._private_jobs WHERE key = ?`, [key])).rows[0];
const runNow = (key: string) => h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [key]);
const ics = (m: { attachments: { content: string }[] }) => Buffer.from(m.attachments[0].content, 'base64').toString('utf8');

describe('reminders', () => {
  it('are scheduled 24 h and 1 h before the start, carry the join details, and go out once', async () => {
    const start = new Date(Date.now() + 5 * DAY);
    const w = await createWorkshop(h.db, { title: 'Reminded Workshop', date: start, join_url: 'https://meet.example.com/reminded', join_passcode: 'abc' });
    const who = buyer('reminded');
    const reg = await book(w.id, who);
    const j24 = await job(`reminder_24h:${reg.id}`);
    const j1 = await job(`reminder_1h:${reg.id}`);
    expect(new Date(j24.run_at).getTime()).toBe(start.getTime() - DAY);
    expect(new Date(j1.run_at).getTime()).toBe(start.getTime() - 3_600_000);

    await runNow(`reminder_24h:${reg.id}`);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, who.email)).find((m) => m.subject === 'Tomorrow: Reminded Workshop'));
    // The seat's own tracked link (issue 26, point 3), never the meeting's address.
    const seatToken = (await h.db('attendees').where({ registration_id: reg.id, position: 1 }).first('join_token')).join_token;
    expect(mail.text_body).toMatch(new RegExp(`Join link: https?://\\S+/join/${seatToken}\\n`));
    expect(mail.text_body).not.toContain('meet.example.com');
    expect(mail.text_body).toContain('Passcode: abc');
    // Once sent, the link that lets them in (and the passcode) is not kept in our records of it.
    const kept: { data: Record<string, unknown> } = await waitFor(() => h.db('email_messages').where({ registration_id: reg.id, kind: 'reminder_24h', status: 'sent' }).first('data'));
    expect(kept.data.join).toBeUndefined();
    expect(JSON.stringify(kept.data)).not.toContain(seatToken);
    // A second run of the same reminder (another instance, a retry) sends nothing more.
    await h.db.raw(`SELECT graphile_worker.add_job('send_reminder', ?::json)`, [JSON.stringify(j24.payload)]);
    await new Promise((r) => setTimeout(r, 800));
    expect((await sandboxEmails(h.server, who.email)).filter((m) => m.subject.startsWith('Tomorrow'))).toHaveLength(1);
    expect(await h.db('email_messages').where({ registration_id: reg.id, kind: 'reminder_24h' })).toHaveLength(1);
  });

  it('never reach a booking that was cancelled', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() + 5 * DAY) });
    const who = buyer('reminder-cancelled');
    const reg = await book(w.id, who);
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token })).status).toBe(200);
    await runNow(`reminder_1h:${reg.id}`);
    await waitFor(async () => !(await job(`reminder_1h:${reg.id}`)));
    expect(await h.db('email_messages').where({ registration_id: reg.id, kind: 'reminder_1h' })).toHaveLength(0);
  });
});

describe('changing a workshop people paid for', () => {
  it('moves their reminders, and sends one "updated" email per change with an invite of the same UID and a higher SEQUENCE', async () => {
    const w = await createWorkshop(h.db, { title: 'Moving Workshop', date: new Date(Date.now() + 10 * DAY) });
    const who = buyer('moved-date');
    const reg = await book(w.id, who);
    const confirmation = await waitFor(async () => (await sandboxEmails(h.server, who.email)).find((m) => m.subject.startsWith("You're registered")));
    expect(ics(confirmation)).toContain('SEQUENCE:0');
    const uid = ics(confirmation).match(/UID:(.+)/)?.[1]?.trim();

    const newDate = new Date(Date.now() + 12 * DAY);
    const res = await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { date: newDate.toISOString() } });
    expect(res.status).toBe(200);
    expect(new Date((await job(`reminder_24h:${reg.id}`)).run_at).getTime()).toBe(newDate.getTime() - DAY);
    const updated = await waitFor(async () => (await sandboxEmails(h.server, who.email)).find((m) => m.subject === 'Updated: Moving Workshop'));
    expect(ics(updated)).toContain(`UID:${uid}`);
    expect(ics(updated)).toContain('SEQUENCE:1');

    // A new join link is a change too; a title change is not.
    await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { join_url: 'https://meet.example.com/new' } });
    await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { description: 'Tweaked' } });
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).filter((m) => m.subject === 'Updated: Moving Workshop').length === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect((await sandboxEmails(h.server, who.email)).filter((m) => m.subject === 'Updated: Moving Workshop')).toHaveLength(2);
    expect(res.body).toMatchObject({ id: w.id, join_url: null, completed_count: 1 });
    expect((await h.api('GET', '/api/workshops')).text).not.toContain('meet.example.com/new');
  });
});
