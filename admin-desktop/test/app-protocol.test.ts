import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppProtocolHandler, type ProxySession } from '../src/main/protocol/app-protocol';
import { tempDir } from './support/fakes';

let rendererDir: string;
let api: http.Server;
let apiUrl: string;
const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
/** What the stand-in server answers next, by path (default: 201 {"ok":true}). */
const answers = new Map<string, { status: number; body: unknown }>();

beforeAll(async () => {
  rendererDir = await tempDir();
  await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.mkdir(path.join(rendererDir, 'assets'));
  await fs.writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const answer = answers.get(req.url ?? '') ?? { status: 201, body: { ok: true } };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'set-cookie': 'wk_session=abc; HttpOnly', 'x-request-id': 'r1' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => api.close());

/** The session as main keeps it, recording what the proxy tells it. */
function fakeSession(token: string | null = 'tok') {
  const log: string[] = [];
  const session: ProxySession = {
    token: async () => token,
    signedIn: async (url, t) => {
      token = t;
      log.push(`in ${url} ${t}`);
    },
    signedOut: async (url) => {
      token = null;
      log.push(`out ${url}`);
    },
  };
  return { session, log, current: () => token };
}
const handlerFor = (serverUrl: string | null, session = fakeSession().session) => createAppProtocolHandler({ rendererDir, fs, fetch, serverUrl: () => serverUrl, session });

describe('app:// protocol', () => {
  it('serves the renderer bundle with the strict Content-Security-Policy', async () => {
    const res = await handlerFor(apiUrl)(new Request('app://admin/index.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    const js = await handlerFor(apiUrl)(new Request('app://admin/assets/app.js'));
    expect(await js.text()).toBe('console.log(1)');
  });

  it('never serves a file outside the bundle', async () => {
    for (const url of ['app://admin/..%2f..%2fetc%2fpasswd', 'app://admin/assets/..%2f..%2f..%2fsecret.js', 'app://admin/missing.js']) {
      const res = await handlerFor(apiUrl)(new Request(url));
      expect(res.status, url).toBe(404);
    }
  });

  it('passes /api calls to the chosen server with the session’s bearer token (its own, never the page’s), but not cookies or Origin', async () => {
    const res = await handlerFor(apiUrl)(
      new Request('app://admin/api/admin/revive?q=ann', {
        method: 'POST',
        headers: { authorization: 'Bearer from-the-page', 'content-type': 'application/json', cookie: 'x=1', origin: 'app://admin' },
        body: JSON.stringify({ name: 'Ann' }),
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-request-id')).toBe('r1');
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/api/admin/revive?q=ann', body: '{"name":"Ann"}' });
    expect(last.headers.authorization).toBe('Bearer tok');
    expect(last.headers.cookie).toBeUndefined();
    expect(last.headers.origin).toBeUndefined();
  });

  it('with two-factor on, passes the challenge to the page and keeps the token the code step issues', async () => {
    answers.set('/api/auth/login', { status: 200, body: { two_factor_required: true, challenge: 'ch-1' } });
    answers.set('/api/auth/login/two-factor', { status: 200, body: { user: { id: 'u1', email: 'a@b.co', role: 'owner' }, token: 'second-step-token' } });
    const { session, log, current } = fakeSession(null);
    const first = await handlerFor(apiUrl, session)(new Request('app://admin/api/auth/login', { method: 'POST', body: '{"email":"a@b.co","password":"pw"}' }));
    expect(await first.json()).toEqual({ two_factor_required: true, challenge: 'ch-1' });
    expect(log).toEqual([]);
    const second = await handlerFor(apiUrl, session)(new Request('app://admin/api/auth/login/two-factor', { method: 'POST', body: '{"challenge":"ch-1","code":"123456"}' }));
    const text = await second.text();
    expect(JSON.parse(text)).toEqual({ user: { id: 'u1', email: 'a@b.co', role: 'owner' } });
    expect(text).not.toContain('second-step-token');
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ challenge: 'ch-1', code: '123456', client: 'desktop' });
    expect(current()).toBe('second-step-token');
  });

  it('signs in as the desktop client and keeps the token in main: the page gets the user only', async () => {
    answers.set('/api/auth/login', { status: 200, body: { user: { id: 'u1', email: 'a@b.co', role: 'owner' }, token: 'issued-token' } });
    const { session, log, current } = fakeSession(null);
    const res = await handlerFor(apiUrl, session)(
      new Request('app://admin/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: 'pw' }) }),
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ user: { id: 'u1', email: 'a@b.co', role: 'owner' } });
    expect(text).not.toContain('issued-token');
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ email: 'a@b.co', password: 'pw', client: 'desktop' });
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
    expect(log).toEqual([`in ${apiUrl} issued-token`]);
    expect(current()).toBe('issued-token');

    // A wrong password is passed on as it is, and changes nothing.
    answers.set('/api/auth/login', { status: 401, body: { error: { code: 'unauthorized', message: 'Invalid email or password' } } });
    const refused = await handlerFor(apiUrl, session)(new Request('app://admin/api/auth/login', { method: 'POST', body: '{"email":"a@b.co","password":"x"}' }));
    expect(refused.status).toBe(401);
    expect(log).toHaveLength(1);
    answers.delete('/api/auth/login');
  });

  it('forgets the session at sign-out, and when the server says it is over', async () => {
    const first = fakeSession('tok');
    answers.set('/api/auth/logout', { status: 204, body: '' });
    await handlerFor(apiUrl, first.session)(new Request('app://admin/api/auth/logout', { method: 'POST' }));
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer tok');
    expect(first.log).toEqual([`out ${apiUrl}`]);

    const second = fakeSession('expired');
    answers.set('/api/admin/dashboard', { status: 401, body: { error: { code: 'unauthorized', message: 'Your session has expired. Please sign in again.' } } });
    const res = await handlerFor(apiUrl, second.session)(new Request('app://admin/api/admin/dashboard'));
    expect(res.status).toBe(401);
    expect(second.log).toEqual([`out ${apiUrl}`]);
    answers.clear();
  });

  it('turns an unreachable server into a network error, as a browser sees offline', async () => {
    const res = await handlerFor('http://127.0.0.1:9')(new Request('app://admin/api/admin/dashboard'));
    expect(res.type).toBe('error');
  });

  it('answers 503 in the API error shape before a server is chosen', async () => {
    const res = await handlerFor(null)(new Request('app://admin/api/health'));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: 'Choose a server first.' } });
  });
});
