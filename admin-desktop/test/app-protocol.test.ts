import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppProtocolHandler } from '../src/main/protocol/app-protocol';
import { tempDir } from './support/fakes';

let rendererDir: string;
let api: http.Server;
let apiUrl: string;
const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

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
      res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'wk_session=abc; HttpOnly', 'x-request-id': 'r1' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => api.close());

const handlerFor = (serverUrl: string | null) => createAppProtocolHandler({ rendererDir, fs, fetch, serverUrl: () => serverUrl });

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

  it('passes /api calls to the chosen server with the bearer token, but not cookies or Origin', async () => {
    const res = await handlerFor(apiUrl)(
      new Request('app://admin/api/admin/revive?q=ann', {
        method: 'POST',
        headers: { authorization: 'Bearer tok', 'content-type': 'application/json', cookie: 'x=1', origin: 'app://admin' },
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
