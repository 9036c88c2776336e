import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, useTestServer } from '../support/test-server';

/**
 * Generated from what the running server actually mounted (core routes and every plugin's),
 * so an admin route added anywhere is covered without touching this file.
 */
const h = useTestServer({ admin: true });
let demotedBearer: string;

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/:[A-Za-z_]\w*/g, SOME_ID).replace(/\*\w*/g, 'x');

beforeAll(async () => {
  // A session that was valid when issued, whose admin role was then taken away.
  demotedBearer = await adminToken(h.server, { email: 'demoted@test.local', password: 'demoted-password' });
  const demoted = await h.db('users').where({ email: 'demoted@test.local' }).first('id');
  await h.db('user_roles').where({ user_id: demoted.id }).delete();
});

const adminRoutes = () => h.server.routes.filter((r) => r.path.startsWith('/api/admin'));

describe('the route table', () => {
  it('has admin routes, and every /api/admin route requires the admin role', () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(17);
    const notAdmin = h.server.routes.filter((r) => r.path.startsWith('/api/admin') && r.access !== 'admin');
    expect(notAdmin).toEqual([]);
  });

  it('lists every route Express mounted, so nothing bypasses the table', () => {
    const app = h.server.http.listeners('request')[0] as Express;
    const mounted = app.router.stack
      .filter((layer) => layer.route)
      .flatMap((layer) => Object.keys((layer.route as unknown as { methods: Record<string, boolean> }).methods).map((m) => `${m} ${layer.route!.path}`));
    const table = h.server.routes.map((r) => `${r.method} ${r.path}`);
    expect(mounted.sort()).toEqual([...table].sort());
  });
});

describe('every /api/admin route', () => {
  it('answers 401 to an anonymous caller', async () => {
    for (const route of adminRoutes()) {
      const res = await h.api(route.method.toUpperCase(), concrete(route.path), { body: route.method === 'get' ? undefined : {} });
      expect({ route: `${route.method} ${route.path}`, status: res.status, code: res.body?.error?.code }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        code: 'unauthorized',
      });
    }
  });

  it('answers 403 to a signed-in user without the admin role', async () => {
    for (const route of adminRoutes()) {
      const res = await h.api(route.method.toUpperCase(), concrete(route.path), {
        token: demotedBearer,
        body: route.method === 'get' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.path}`, status: res.status, message: res.body?.error?.message }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
        message: 'Access denied. Admin privileges required.',
      });
    }
  });

  it('answers 403 through the cookie too, and a forged cookie is 401', async () => {
    const login = await h.api('POST', '/api/auth/login', { body: { email: 'admin@test.local', password: 'correct horse battery' } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await h.api('GET', '/api/admin/dashboard', { headers: { cookie } })).status).toBe(200);
    expect((await h.api('GET', '/api/admin/dashboard', { headers: { cookie: 'wk_session=forged' } })).status).toBe(401);
  });

  it('lets the admin through (no 401/403) on every route', async () => {
    for (const route of adminRoutes()) {
      // Reads only: writes with an unknown id or an empty body are refused later, by validation.
      if (route.method !== 'get' || route.path.endsWith('/events')) continue;
      const res = await h.api('GET', concrete(route.path), { token: h.token });
      // A made-up id (or document number) may be a 404 (one registration's detail); never a refusal, never a crash.
      const expected = (route.path.includes('/:id') && !route.path.endsWith('/messages')) || route.path.includes('/:number') ? 404 : 200;
      expect({ route: route.path, status: res.status }).toEqual({ route: route.path, status: expected });
    }
  });

  it('tells every cache not to keep its answers (they name people), errors included', async () => {
    for (const route of adminRoutes()) {
      const anonymous = await h.api(route.method.toUpperCase(), concrete(route.path), { body: route.method === 'get' ? undefined : {} });
      expect({ route: route.path, cache: anonymous.headers.get('cache-control') }).toEqual({ route: route.path, cache: 'no-store' });
      if (route.method !== 'get' || route.path.endsWith('/events')) continue;
      const res = await h.api('GET', concrete(route.path), { token: h.token });
      expect({ route: route.path, cache: res.headers.get('cache-control') }).toEqual({ route: route.path, cache: 'no-store' });
    }
    expect((await h.api('GET', '/api/bookings/WS-UNKNOWN')).headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a cross-site browser write even with a valid cookie', async () => {
    const login = await h.api('POST', '/api/auth/login', { body: { email: 'admin@test.local', password: 'correct horse battery' } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const res = await h.api('POST', '/api/admin/revive', { headers: { cookie, origin: 'https://evil.example' }, body: { name: 'X' } });
    expect(res.status).toBe(403);
    expect(await h.db('revive').count('* as n').first()).toEqual({ n: 0 });
  });
});
