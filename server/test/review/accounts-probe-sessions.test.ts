import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import { adminToken, type ApiClient, client, startTestServer, type TestServer } from '../support/test-server';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    lines.push(String(chunk));
    cb();
  },
});
let server: TestServer;
let api: ApiClient;
let owner = '';

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info', JOB_POLL_INTERVAL_MS: '100' }, { logDestination: sink });
  api = client(server.url);
  owner = await adminToken(server);
});
afterAll(() => server?.stop());

const linkIn = (text: string | null | undefined) => text?.match(/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
let made = 0;
async function newAdmin(role: 'owner' | 'staff') {
  const who = { email: `probe${++made}@workshop.test`, password: 'a long probe password 7', role };
  expect((await api('POST', '/api/admin/users', { token: owner, body: who })).status).toBe(201);
  const token = (await api('POST', '/api/auth/login', { body: { ...who, client: 'desktop' } })).body.token as string;
  const id = (await server.deps.db('users').where({ email: who.email }).first('id')).id as string;
  return { ...who, token, id };
}

describe('probe: sessions and reset', () => {
  it('the reset link token lands in the request log when the link is opened', async () => {
    const a = await newAdmin('staff');
    expect((await api('POST', '/api/auth/password-reset', { body: { email: a.email } })).status).toBe(202);
    const mail = await waitFor(async () => (await sandboxEmails(server, a.email)).find((m) => m.subject === 'Reset your admin password'), 20_000);
    const token = linkIn(mail.text_body)!;
    // What the admin's browser (or a mail scanner) does with the link.
    await api('GET', `/admin/reset-password?token=${token}`);
    await new Promise((r) => setTimeout(r, 100));
    const leaked = lines.filter((l) => l.includes(token));
    console.log('log lines with the live reset token:', leaked.map((l) => l.slice(0, 200)));
    // Anyone reading the log can use it.
    const take = await api('POST', '/api/auth/password-reset/confirm', { body: { token, new_password: 'orchid lantern quietly folding' } });
    console.log('confirm with the token from the log:', take.status);
  });

  it('two live links confirmed at once: both succeed (last writer wins)', async () => {
    const a = await newAdmin('staff');
    await api('POST', '/api/auth/password-reset', { body: { email: a.email } });
    await api('POST', '/api/auth/password-reset', { body: { email: a.email } });
    const mails = await waitFor(async () => {
      const m = (await sandboxEmails(server, a.email)).filter((x) => x.subject === 'Reset your admin password');
      return m.length >= 2 ? m : undefined;
    }, 20_000);
    const [t1, t2] = mails.map((m) => linkIn(m.text_body)!);
    const rs = await Promise.all([
      api('POST', '/api/auth/password-reset/confirm', { body: { token: t1, new_password: 'orchid lantern quietly folding' } }),
      api('POST', '/api/auth/password-reset/confirm', { body: { token: t2, new_password: 'velvet harbor sideways anthem' } }),
    ]);
    console.log('two links at once:', rs.map((r) => r.status));
    const same = await Promise.all([1, 2].map(() => api('POST', '/api/auth/password-reset/confirm', { body: { token: t1, new_password: 'another lovely long phrase 9' } })));
    console.log('one used link twice at once:', same.map((r) => r.status));
  });

  it('inactivity and removal end access, including a Bearer token and an open challenge', async () => {
    const a = await newAdmin('owner');
    await server.deps.db('sessions').where({ user_id: a.id }).update({ last_seen_at: server.deps.db.raw(`now() - interval '13 hours'`) });
    expect((await api('GET', '/api/admin/registrations', { token: a.token })).status).toBe(401);
    expect((await api('GET', '/api/auth/session', { token: a.token })).status).toBe(401);
    const b = await newAdmin('staff');
    await api('DELETE', `/api/admin/users/${b.id}`, { token: owner });
    expect((await api('GET', '/api/admin/registrations', { token: b.token })).status).toBe(401);
    expect((await api('POST', '/api/auth/login', { body: { email: b.email, password: b.password } })).status).toBe(401);
    // An owner demoted: the old token is gone; a new one is staff.
    const c = await newAdmin('owner');
    expect((await api('PATCH', `/api/admin/users/${c.id}`, { token: owner, body: { role: 'staff' } })).status).toBe(200);
    expect((await api('PATCH', `/api/admin/users/${owner}`, { token: c.token, body: { role: 'staff' } })).status).toBe(401);
    const c2 = (await api('POST', '/api/auth/login', { body: { email: c.email, password: c.password, client: 'desktop' } })).body.token as string;
    expect((await api('POST', '/api/admin/users', { token: c2, body: { email: 'x@y.co', password: 'abcdefgh12' } })).status).toBe(403);
    // Sessions of others are not the caller's to end.
    const d = await newAdmin('staff');
    const ds = (await api('GET', '/api/auth/sessions', { token: d.token })).body.items[0].id as string;
    expect((await api('DELETE', `/api/auth/sessions/${ds}`, { token: c2 })).status).toBe(404);
    expect((await api('GET', '/api/auth/sessions', { token: d.token })).status).toBe(200);
    const bad = await api('DELETE', '/api/auth/sessions/not-a-uuid', { token: d.token });
    expect(bad.status).toBeLessThan(500);
  });

  it('event stream closes after session end', async () => {
    const a = await newAdmin('staff');
    const ac = new AbortController();
    const res = await fetch(`${server.url}/api/admin/events`, { headers: { authorization: `Bearer ${a.token}` }, signal: ac.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    await api('DELETE', '/api/auth/sessions', { token: a.token });
    // "Sign out everywhere else" keeps the caller's own; end it by id instead.
    const mine = (await api('GET', '/api/auth/sessions', { token: a.token })).body.items[0].id as string;
    await api('DELETE', `/api/auth/sessions/${mine}`, { token: a.token });
    const t = Date.now();
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      if (Date.now() - t > 8000) break;
    }
    console.log('stream closed after', Date.now() - t, 'ms');
    expect(Date.now() - t).toBeLessThan(8000);
    ac.abort();
  });
});

describe('probe: same link twice at once', () => {
  it('one wins', async () => {
    const a = await newAdmin('staff');
    await api('POST', '/api/auth/password-reset', { body: { email: a.email.toUpperCase() } });
    const mail = await waitFor(async () => (await sandboxEmails(server, a.email)).find((m) => m.subject === 'Reset your admin password'), 20_000);
    const t = linkIn(mail.text_body)!;
    const rs = await Promise.all(['orchid lantern quietly folding', 'velvet harbor sideways anthem', 'copper meadow silently drifting'].map((pw) => api('POST', '/api/auth/password-reset/confirm', { body: { token: t, new_password: pw } })));
    console.log('same link x3 at once:', rs.map((r) => r.status));
    const act = await server.deps.db('admin_activity').select('action', 'after');
    console.log('activity mentions token?', JSON.stringify(act).includes(t));
    const stored = await server.deps.db('email_messages').where({ kind: 'admin_password_reset' }).select('data', 'status');
    console.log('stored reset emails contain a token?', JSON.stringify(stored).includes('token='), stored.map((x) => x.status));
  });
});

describe('probe: log errors', () => {
  it('prints error lines', () => {
    for (const l of lines.filter((x) => x.includes('"level":50'))) console.log(l.slice(0, 600));
  });
});
