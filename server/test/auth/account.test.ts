import { PASSWORD_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * An admin's own account (issue 24, points 4 and 7): changing the password ends every other
 * session and tells them by email; they see their sessions and end any of them.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const OWNER = { email: 'olive.owner@workshop.test', password: 'first long password 1' };

async function signIn(password: string, client: 'web' | 'desktop' = 'desktop', userAgent = 'ModelAgent/1') {
  const res = await h.api('POST', '/api/auth/login', { body: { email: OWNER.email, password, client }, headers: { 'user-agent': userAgent } });
  return res;
}

describe('an admin’s own account', () => {
  it('changes the password: the current one checked, the new one strong; other sessions end, this one stays, an email says so', async () => {
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: { ...OWNER, role: 'staff' } })).status).toBe(201);
    const here = (await signIn(OWNER.password)).body.token as string;
    const elsewhere = (await signIn(OWNER.password, 'desktop', 'OtherLaptop/2')).body.token as string;
    const change = (body: Record<string, unknown>) => h.api('POST', '/api/auth/password', { token: here, body });

    const refused: [Record<string, unknown>, string, string][] = [
      [{ current_password: 'not it at all 123', new_password: 'a brand new long phrase 7' }, 'current_password', PASSWORD_MESSAGES.currentWrong],
      [{ current_password: OWNER.password, new_password: 'short1' }, 'new_password', PASSWORD_MESSAGES.tooShort],
      [{ current_password: OWNER.password, new_password: 'workshop1234' }, 'new_password', PASSWORD_MESSAGES.weak],
      [{ current_password: OWNER.password, new_password: 'olive.owner2026' }, 'new_password', PASSWORD_MESSAGES.weak],
      [{ new_password: 'a brand new long phrase 7' }, 'current_password', PASSWORD_MESSAGES.currentRequired],
    ];
    for (const [body, field, message] of refused) {
      const res = await change(body);
      expect([res.status, res.body.error.fields?.[field]], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await h.api('GET', '/api/auth/sessions', { token: elsewhere })).status).toBe(200);

    const ok = await change({ current_password: OWNER.password, new_password: 'violet kettle marching sideways' });
    expect(ok.status, ok.text).toBe(204);
    expect((await h.api('GET', '/api/admin/registrations', { token: elsewhere })).status).toBe(401);
    expect((await h.api('GET', '/api/admin/registrations', { token: here })).status).toBe(200);
    expect((await signIn(OWNER.password)).status).toBe(401);
    expect((await signIn('violet kettle marching sideways')).status).toBe(200);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, OWNER.email)).find((m) => m.subject === 'Your admin password was changed'), 20_000);
    expect(mail.text_body).toContain(`The password of your admin account ${OWNER.email} was changed`);
    // The log says it happened, and never what the passwords were.
    const logged = await waitFor(() => h.db('admin_activity').where({ action: 'POST /api/auth/password', status: 204 }).first());
    expect(logged.after.request).toEqual({ current_password: '[redacted]', new_password: '[redacted]' });
  });

  it('lists the admin’s own sessions (this one marked) and ends one, or every other one', async () => {
    const password = 'violet kettle marching sideways';
    const a = (await signIn(password, 'web', 'Browser/9')).headers.get('set-cookie')?.split(';')[0] ?? '';
    const b = (await signIn(password, 'desktop', 'Desk/1')).body.token as string;
    const c = (await signIn(password, 'desktop', 'Desk/2')).body.token as string;
    const list = await h.api('GET', '/api/auth/sessions', { token: b });
    expect(list.status).toBe(200);
    const items = list.body.items as { id: string; client: string; user_agent: string; current: boolean; ip: string | null }[];
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.current)).toMatchObject({ client: 'desktop', user_agent: 'Desk/1', ip: expect.any(String) });
    expect(items.some((s) => s.client === 'web' && s.user_agent === 'Browser/9')).toBe(true);

    const cSession = items.find((s) => s.user_agent === 'Desk/2')!;
    expect((await h.api('DELETE', `/api/auth/sessions/${cSession.id}`, { token: b })).status).toBe(204);
    expect((await h.api('GET', '/api/auth/sessions', { token: c })).status).toBe(401);
    // Another admin's session is not theirs to end.
    const ownerSession = await h.db('sessions').join('users', 'users.id', 'sessions.user_id').whereNot('users.email', OWNER.email).first('sessions.id');
    expect((await h.api('DELETE', `/api/auth/sessions/${ownerSession.id}`, { token: b })).status).toBe(404);

    const others = await h.api('DELETE', '/api/auth/sessions', { token: b });
    expect(others.status).toBe(200);
    expect(others.body.ended).toBeGreaterThanOrEqual(1);
    expect((await h.api('GET', '/api/auth/session', { headers: { cookie: a } })).status).toBe(401);
    expect((await h.api('GET', '/api/auth/sessions', { token: b })).body.items).toHaveLength(1);
    expect((await h.api('GET', '/api/admin/registrations', { token: h.token })).status).toBe(200);
  });

  it('records every sign-in attempt for the owners: accepted, or refused and why, with where from', async () => {
    const password = 'violet kettle marching sideways';
    expect((await h.api('POST', '/api/auth/login', { body: { email: 'nobody.here@workshop.test', password } })).status).toBe(401);
    expect((await h.api('POST', '/api/auth/login', { body: { email: OWNER.email, password: 'not the password 1' } })).status).toBe(401);
    expect((await signIn(password)).status).toBe(200);
    const rows = await h.db('admin_activity').whereIn('action', ['POST /api/auth/login', 'POST /api/auth/login (refused)']).orderBy('id', 'desc').limit(3);
    const seen = rows.reverse().map((r) => [r.actor_email, r.status, r.after.outcome, r.after.reason ?? null]);
    expect(seen).toEqual([
      // What was typed for an address no admin has is not kept (it may be a password).
      [null, 401, 'refused', 'unknown_email'],
      [OWNER.email, 401, 'refused', 'wrong_password'],
      [OWNER.email, 200, 'signed_in', null],
    ]);
    expect(rows.every((r) => typeof r.after.ip === 'string' && r.after.client)).toBe(true);
    // The same answer either way, in about the same time (a dummy hash is checked for an unknown
    // address): nothing tells whether the address has an account.
    const timed = async (email: string) => {
      const t = performance.now();
      const res = await h.api('POST', '/api/auth/login', { body: { email, password: 'not the password 2' } });
      return { status: res.status, body: res.body, ms: performance.now() - t };
    };
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    const wrong: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await timed(`nobody.else${i}@workshop.test`));
      wrong.push(await timed(OWNER.email));
    }
    expect([unknown[0].status, unknown[0].body]).toEqual([wrong[0].status, wrong[0].body]);
    // The fastest of each, as a busy machine only ever adds time: an unknown address that skipped
    // the hash would answer in a few milliseconds, a small fraction of a checked password's time.
    const fastest = (xs: { ms: number }[]) => Math.min(...xs.map((x) => x.ms));
    expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) * 0.5);
  });

  it('counts wrong current passwords per admin: a stolen session cannot guess the password', async () => {
    const who = { email: 'gus.guess@workshop.test', password: 'first long password 4' };
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: { ...who, role: 'staff' } })).status).toBe(201);
    const token = (await h.api('POST', '/api/auth/login', { body: { ...who, client: 'desktop' } })).body.token as string;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await h.api('POST', '/api/auth/password', { token, body: { current_password: `guess number ${i}`, new_password: 'violet kettle marching sideways' } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right one is refused too while the limit stands.
    expect((await h.api('POST', '/api/auth/password', { token, body: { current_password: who.password, new_password: 'violet kettle marching sideways' } })).status).toBe(429);
  });
});
