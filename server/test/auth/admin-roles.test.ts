import { ADMINS_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../src/http/route';
import { useTestServer } from '../support/test-server';

/**
 * Admin roles (issue 24): owners do everything; staff read every list and detail, export, message
 * attendees, resend confirmations and mark attendance, and are refused (403, saying why) everything else, on the
 * server, on every admin route. There is always an owner; a removed admin is signed out at once.
 */
const h = useTestServer({ admin: true });
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** The writes staff may make, and the reads only owners may make: everything else follows GET = every admin, other = owners. */
const STAFF_WRITES = new Set([
  'POST /api/admin/workshops/:id/messages',
  'POST /api/admin/registrations/:id/resend',
  'POST /api/admin/registrations/:id/seats/:seatId/resend',
  // Taking the register: whoever runs the session.
  'PUT /api/admin/workshops/:id/attendance/:attendeeId',
  // Their own account: password and sessions.
  'POST /api/auth/password',
  'DELETE /api/auth/sessions/:id',
  'DELETE /api/auth/sessions',
  'POST /api/auth/two-factor/totp',
  'POST /api/auth/two-factor/totp/confirm',
  'DELETE /api/auth/two-factor',
  'POST /api/auth/passkeys/start',
  'DELETE /api/auth/passkeys/:id',
]);
// Who asked for their data and what was done with it, and what the retention run would remove: owners' (issue 27).
const OWNER_READS = new Set(['GET /api/admin/users', 'GET /api/admin/activity', 'GET /api/admin/invoicing', 'GET /api/admin/privacy/requests', 'GET /api/admin/privacy/retention']);

let staffNo = 0;
async function staffMember(role: 'staff' | 'owner' = 'staff') {
  const who = { email: `staff${++staffNo}@workshop.test`, password: 'a long staff password 1' };
  const made = await h.api('POST', '/api/admin/users', { token: h.token, body: { ...who, role } });
  expect(made.status, made.text).toBe(201);
  const login = await h.api('POST', '/api/auth/login', { body: { ...who, client: 'desktop' } });
  expect(login.body.user.role).toBe(role);
  const id = (await h.db('users').where({ email: who.email }).first('id')).id as string;
  return { token: login.body.token as string, id, email: who.email };
}

/** Calls a route as the given admin, with made-up ids; a live-event stream is let go once it answers. */
async function call(route: RouteDef, token: string): Promise<{ status: number; message?: string }> {
  const path = route.path.replace(/:[a-zA-Z]+/g, route.path.includes('settings/:key') ? 'site_maintenance' : ANY_ID);
  if (route.path === '/api/admin/events') {
    const ac = new AbortController();
    const res = await fetch(`${h.server.url}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: ac.signal });
    ac.abort();
    return { status: res.status };
  }
  const res = await h.api(route.method.toUpperCase(), path, { token, body: route.method === 'get' ? undefined : {} });
  return { status: res.status, message: res.body?.error?.message };
}

describe('admin roles', () => {
  it('staff are refused every write but messages and resends, and read everything but the admins list; every route, on the server', async () => {
    const staff = await staffMember();
    const routes = h.server.routes.filter((r) => r.access === 'admin');
    expect(routes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of routes) {
      const name = `${route.method.toUpperCase()} ${route.path}`;
      const ownerOnly = route.method === 'get' ? OWNER_READS.has(name) : !STAFF_WRITES.has(name);
      const got = await call(route, staff.token);
      const refused = got.status === 403 && got.message === ADMINS_MESSAGES.ownerOnly;
      if (refused !== ownerOnly) wrong.push(`${name}: ${got.status} ${got.message ?? ''}`);
    }
    expect(wrong).toEqual([]);
    // A refused write changed nothing: staff cannot clear the data.
    expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: staff.token })).status).toBe(403);
  });

  it('always keeps an owner: the last one can be neither made staff nor removed; two owners demoting each other leave one', async () => {
    const me = (await h.db('users').where({ email: 'admin@workshop.test' }).first('id'))?.id ?? (await h.db('users').orderBy('created_at').first('id')).id;
    const owners = async () => (await h.db('users').where({ admin_role: 'owner' })).length;
    if ((await owners()) === 1) {
      const demote = await h.api('PATCH', `/api/admin/users/${me}`, { token: h.token, body: { role: 'staff' } });
      expect([demote.status, demote.body.error.message]).toEqual([409, ADMINS_MESSAGES.lastOwner]);
      const remove = await h.api('DELETE', `/api/admin/users/${me}`, { token: h.token });
      expect([remove.status, remove.body.error.message]).toEqual([409, ADMINS_MESSAGES.lastOwner]);
    }
    const a = await staffMember('owner');
    const b = await staffMember('owner');
    // Every owner but a and b steps down first, so a and b are the last two.
    for (const o of await h.db('users').where({ admin_role: 'owner' }).whereNotIn('id', [a.id, b.id]).pluck('id')) await h.db('users').where({ id: o }).update({ admin_role: 'staff' });
    const [x, y] = await Promise.all([
      h.api('PATCH', `/api/admin/users/${b.id}`, { token: a.token, body: { role: 'staff' } }),
      h.api('PATCH', `/api/admin/users/${a.id}`, { token: b.token, body: { role: 'staff' } }),
    ]);
    // One wins; the other is refused as staff by then (403), or as the last owner once it had waited for the first (409).
    const [won, lost] = [x, y].sort((p, q) => p.status - q.status);
    expect(won.status).toBe(200);
    expect([403, 409]).toContain(lost.status);
    expect(await owners()).toBe(1);
    // Back as it was, for the other tests.
    await h.db('users').update({ admin_role: 'owner' });
  });

  it('removing an admin ends their sessions at once: their token answers 401 and their live stream closes', async () => {
    const staff = await staffMember();
    expect((await h.api('GET', '/api/admin/registrations', { token: staff.token })).status).toBe(200);
    const stream = await fetch(`${h.server.url}/api/admin/events`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(stream.status).toBe(200);
    const closed = (async () => {
      const reader = stream.body!.getReader();
      for (;;) if ((await reader.read()).done) return true;
    })();
    const list = await h.api('GET', '/api/admin/users', { token: h.token });
    expect(list.body.items.find((u: { email: string }) => u.email === staff.email)).toMatchObject({ role: 'staff', active_sessions: 1, two_factor: false, last_sign_in_at: expect.any(String) });
    expect((await h.api('DELETE', `/api/admin/users/${staff.id}`, { token: h.token })).status).toBe(204);
    expect((await h.api('GET', '/api/admin/registrations', { token: staff.token })).status).toBe(401);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r(false), 5000))])).toBe(true);
    expect(await h.db('users').where({ id: staff.id })).toHaveLength(0);
  });

  it('a role change ends the admin’s sessions (they sign in again, as their new role); bad input names the field', async () => {
    const staff = await staffMember();
    expect((await h.api('GET', '/api/admin/users', { token: staff.token })).status).toBe(403);
    expect((await h.api('PATCH', `/api/admin/users/${staff.id}`, { token: h.token, body: { role: 'owner' } })).status).toBe(200);
    expect((await h.api('GET', '/api/admin/users', { token: staff.token })).status).toBe(401);
    const again = await h.api('POST', '/api/auth/login', { body: { email: staff.email, password: 'a long staff password 1', client: 'desktop' } });
    expect(again.body.user.role).toBe('owner');
    expect((await h.api('GET', '/api/admin/users', { token: again.body.token })).status).toBe(200);
    const bad = await h.api('PATCH', `/api/admin/users/${staff.id}`, { token: h.token, body: { role: 'king' } });
    expect([bad.status, bad.body.error.fields?.role]).toEqual([400, 'Choose owner or staff']);
    expect((await h.api('PATCH', `/api/admin/users/${ANY_ID}`, { token: h.token, body: { role: 'staff' } })).status).toBe(404);
  });

  it('a session unused for longer than the owners\' idle hours ends, whatever its absolute expiry', async () => {
    const staff = await staffMember();
    expect((await h.api('GET', '/api/admin/registrations', { token: staff.token })).status).toBe(200);
    await h.db('sessions').where({ user_id: staff.id }).update({ last_seen_at: h.db.raw(`now() - interval '13 hours'`) });
    expect((await h.db('sessions').where({ user_id: staff.id }).first('expires_at')).expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await h.api('GET', '/api/admin/registrations', { token: staff.token })).status).toBe(401);
  });

  it('the idle hours as the owners set them now govern sessions already open', async () => {
    const staff = await staffMember();
    await h.db('sessions').where({ user_id: staff.id }).update({ last_seen_at: h.db.raw(`now() - interval '3 hours'`) });
    expect((await h.db('sessions').where({ user_id: staff.id }).first('idle_hours')).idle_hours).toBe(12);
    expect((await h.api('GET', '/api/admin/registrations', { token: staff.token })).status).toBe(200);
    await h.db('sessions').where({ user_id: staff.id }).update({ last_seen_at: h.db.raw(`now() - interval '3 hours'`) });
    const rules = await h.api('PUT', '/api/admin/settings/admin_security', { token: h.token, body: { setting_value: { enabled: false, idle_hours: 2 } } });
    expect(rules.status).toBe(200);
    try {
      expect((await h.api('GET', '/api/admin/registrations', { token: staff.token })).status).toBe(401);
      // The owner's own session was used a moment ago: two hours have not passed.
      expect((await h.api('GET', '/api/admin/registrations', { token: h.token })).status).toBe(200);
    } finally {
      await h.db('admin_settings').where({ setting_key: 'admin_security' }).delete();
    }
  });
});
