import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createAdminUser } from '../../src/auth/auth.queries';
import { hashPassword } from '../../src/auth/password';
import { PURGE_TASK, purgeExpired, schedulePurge } from '../../src/housekeeping/purge.job';
import { ADMIN, adminToken, client, startTestServer, useTestServer } from '../support/test-server';

const h = useTestServer();
/** How the desktop app signs in: the answer carries the token. */
const DESKTOP = { ...ADMIN, client: 'desktop' };

describe('admin sign-in', () => {
  it('signs the web admin in with an httpOnly SameSite cookie only: no token reaches its JavaScript', async () => {
    await adminToken(h.server);
    const res = await h.api('POST', '/api/auth/login', { body: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: { id: expect.any(String), email: ADMIN.email, role: 'owner', must_set_up_two_factor: false } });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/wk_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(res.headers.get('cache-control')).toBe('no-store');

    const session = await h.api('GET', '/api/auth/session', { headers: { cookie: cookie.split(';')[0] } });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(ADMIN.email);
    expect(session.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the desktop app (client: desktop) the token for its Bearer header, sets no cookie, and stores only the token hash', async () => {
    const res = await h.api('POST', '/api/auth/login', { body: { ...ADMIN, client: 'desktop' } });
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(res.headers.get('set-cookie')).toBeNull();

    const rows = await h.db('sessions').select('token_hash');
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const session = await h.api('GET', '/api/auth/session', { token });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(ADMIN.email);
  });

  it('stores passwords as scrypt hashes, never in clear', async () => {
    const user = await h.db('users').where({ email: ADMIN.email }).first();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.password_hash).not.toContain(ADMIN.password);
  });

  it('refuses a wrong password with 401 and creates no session', async () => {
    const before = await h.db('sessions').count('* as n').first();
    const res = await h.api('POST', '/api/auth/login', { body: { email: ADMIN.email, password: 'wrong password' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'unauthorized', message: 'Invalid email or password' });
    const after = await h.db('sessions').count('* as n').first();
    expect(after?.n).toBe(before?.n);
  });

  it('refuses a user without the admin role with the SPEC message and creates no session', async () => {
    const [user] = await h.db('users').insert({ email: 'plain@test.local', password_hash: await hashPassword('password123') }).returning('id');
    const res = await h.api('POST', '/api/auth/login', { body: { email: 'plain@test.local', password: 'password123' } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Access denied. Admin privileges required.');
    expect(await h.db('sessions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
  });

  it('requires email and password', async () => {
    const res = await h.api('POST', '/api/auth/login', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('revokes the session at logout', async () => {
    const login = await h.api('POST', '/api/auth/login', { body: DESKTOP });
    const token = login.body.token;
    expect((await h.api('GET', '/api/admin/dashboard', { token })).status).toBe(200);
    expect((await h.api('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await h.api('GET', '/api/admin/dashboard', { token })).status).toBe(401);
    expect((await h.api('GET', '/api/auth/session', { token })).status).toBe(401);
  });

  it('revokes the web session at logout through its cookie', async () => {
    const login = await h.api('POST', '/api/auth/login', { body: ADMIN });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await h.api('GET', '/api/admin/dashboard', { headers: { cookie } })).status).toBe(200);
    const out = await h.api('POST', '/api/auth/logout', { headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/wk_session=;/);
    expect((await h.api('GET', '/api/admin/dashboard', { headers: { cookie } })).status).toBe(401);
  });

  it('does not accept an expired session', async () => {
    const login = await h.api('POST', '/api/auth/login', { body: DESKTOP });
    await h.db('sessions').update({ expires_at: h.db.raw(`now() - interval '1 minute'`) });
    expect((await h.api('GET', '/api/admin/dashboard', { token: login.body.token })).status).toBe(401);
  });
});

describe('expired sessions', () => {
  it('are deleted by the cluster\'s one scheduled purge job; live ones stay', async () => {
    const jobs = () =>
      h.db.raw(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ?`, [PURGE_TASK]);
    expect((await jobs()).rows[0].n).toBe(1);

    const [user] = await h.db('users').where({ email: ADMIN.email }).select('id');
    const live = await h.db('sessions').count('* as n').where('expires_at', '>', h.db.fn.now()).first();
    await h.db('sessions').insert(
      ['a', 'b', 'c'].map((t) => ({ user_id: user.id, token_hash: `expired-${t}`, expires_at: h.db.raw(`now() - interval '1 minute'`) })),
    );
    // Due now: the worker of this instance runs it, and the job schedules its next run.
    await schedulePurge(h.db, 'replace', 0);
    await expect.poll(() => h.db('sessions').where('token_hash', 'like', 'expired-%').count('* as n').first(), { timeout: 15_000 }).toEqual({ n: 0 });
    expect(await h.db('sessions').count('* as n').where('expires_at', '>', h.db.fn.now()).first()).toEqual(live);
    await expect.poll(async () => (await jobs()).rows[0].n, { timeout: 5000 }).toBe(1);
  });
  it('deletes sessions left unused past the idle hours, and sign-in secrets past their expiry; live ones stay', async () => {
    const [user] = await h.db('users').where({ email: ADMIN.email }).select('id');
    const ago = (interval: string) => h.db.raw(`now() - interval '${interval}'`);
    const soon = h.db.raw(`now() + interval '5 minutes'`);
    await h.db('sessions').insert([
      { user_id: user.id, token_hash: 'idle-gone', expires_at: h.db.raw(`now() + interval '20 days'`), last_seen_at: ago('13 hours'), idle_hours: 12 },
      { user_id: user.id, token_hash: 'idle-live', expires_at: h.db.raw(`now() + interval '20 days'`), last_seen_at: ago('11 hours'), idle_hours: 12 },
    ]);
    for (const table of ['login_challenges', 'passkey_ceremonies', 'password_resets']) {
      await h.db(table).insert([
        { user_id: user.id, token_hash: `${table}-expired`, expires_at: ago('1 second') },
        { user_id: user.id, token_hash: `${table}-used-expired`, expires_at: ago('2 hours'), used_at: ago('3 hours') },
        { user_id: user.id, token_hash: `${table}-live`, expires_at: soon },
      ]);
    }
    await purgeExpired(h.db);
    expect((await h.db('sessions').where('token_hash', 'like', 'idle-%').select('token_hash')).map((r) => r.token_hash)).toEqual(['idle-live']);
    for (const table of ['login_challenges', 'passkey_ceremonies', 'password_resets']) {
      expect((await h.db(table).where('user_id', user.id).select('token_hash')).map((r) => r.token_hash)).toEqual([`${table}-live`]);
    }
  });
});

describe('creating admins', () => {
  it('lets an admin create another admin, who can then sign in', async () => {
    const token = await h.api('POST', '/api/auth/login', { body: DESKTOP }).then((r) => r.body.token);
    const res = await h.api('POST', '/api/admin/users', { token, body: { email: 'second@test.local', password: 'another-secret' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: 'second@test.local' });
    expect((await h.api('POST', '/api/auth/login', { body: { email: 'SECOND@test.local', password: 'another-secret' } })).status).toBe(200);
  });

  it('refuses a duplicate email case-insensitively and changes nothing', async () => {
    const token = await h.api('POST', '/api/auth/login', { body: DESKTOP }).then((r) => r.body.token);
    const before = await h.db('users').count('* as n').first();
    const res = await h.api('POST', '/api/admin/users', { token, body: { email: 'Second@Test.local', password: 'another-secret' } });
    expect(res.status).toBe(409);
    expect(await h.db('users').count('* as n').first()).toEqual(before);
  });

  it("tells a caller with no session 'You must be logged in to create admin users' and creates nothing", async () => {
    const before = await h.db('users').count('* as n').first();
    const res = await h.api('POST', '/api/admin/users', { body: { email: 'sneaky@test.local', password: 'sneaky-password' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'unauthorized', message: 'You must be logged in to create admin users' });
    expect(await h.db('users').count('* as n').first()).toEqual(before);
  });

  it('requires email and password with the SPEC message', async () => {
    const token = await h.api('POST', '/api/auth/login', { body: DESKTOP }).then((r) => r.body.token);
    const before = await h.db('users').count('* as n').first();
    const res = await h.api('POST', '/api/admin/users', { token, body: { email: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Email and password are required');
    expect((await h.api('POST', '/api/admin/users', { token, body: { email: 'x@test.local' } })).body.error.message).toBe('Email and password are required');
    const short = await h.api('POST', '/api/admin/users', { token, body: { email: 'x@test.local', password: 'short' } });
    expect(short.body.error.message).toBe('Password must be at least 8 characters');
    expect(await h.db('users').count('* as n').first()).toEqual(before);
  });

  it('the database refuses two users whose emails differ only in case', async () => {
    await createAdminUser(h.db, 'case@test.local', 'x');
    await expect(createAdminUser(h.db, 'CASE@test.local', 'x')).rejects.toThrow(/users_email_lower_key/);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many sign-in attempts', async () => {
    const limited = await startTestServer({ RATE_LIMIT_LOGIN_MAX: '3' });
    try {
      const call = () => client(limited.url)('POST', '/api/auth/login', { body: { email: 'x@y.z', password: 'nope' } });
      for (let i = 0; i < 3; i++) expect((await call()).status).toBe(401);
      const res = await call();
      expect(res.status).toBe(429);
      expect(res.body.error).toEqual({ code: 'rate_limited', message: 'Too many sign-in attempts. Please wait 15 minutes and try again.' });
    } finally {
      await limited.stop();
    }
  });
});

describe('security headers', () => {
  it('sends helmet headers', async () => {
    const res = await h.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
