import { describe, expect, it } from 'vitest';
import { rowCounts } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/:[A-Za-z_]\w*/g, SOME_ID);

describe('GET /api/health', () => {
  it('answers ok once the database answers, with a request id', async () => {
    const res = await h.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a caller-supplied request id so logs can be joined across services', async () => {
    const res = await h.api('GET', '/api/site', { headers: { 'x-request-id': 'lb-1234' } });
    expect(res.headers.get('x-request-id')).toBe('lb-1234');
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the error shape', async () => {
    const res = await h.api('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/nope' } });
  });
});

describe('community and social links', () => {
  it('are empty until an admin sets them, and GET /api/site gives only the ones set', async () => {
    expect((await h.api('GET', '/api/site')).body.links).toEqual({});
    const setting_value = { whatsapp_url: 'https://chat.whatsapp.com/abc', discord_url: '', demo_video_url: '', twitter_url: '', linkedin_url: 'https://www.linkedin.com/company/nocode', youtube_url: '', instagram_url: '' };
    expect((await h.api('PUT', '/api/admin/settings/site_links', { token: h.token, body: { setting_value } })).status).toBe(200);
    expect((await h.api('GET', '/api/site')).body.links).toEqual({ whatsapp_url: 'https://chat.whatsapp.com/abc', linkedin_url: 'https://www.linkedin.com/company/nocode' });
    const bad = await h.api('PUT', '/api/admin/settings/site_links', { token: h.token, body: { setting_value: { ...setting_value, discord_url: 'javascript:alert(1)' } } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields['setting_value.discord_url']).toBe('Enter a full link starting with https://');
  });
});

describe('maintenance mode', () => {
  const message = 'Down for upgrades until 5 PM Eastern.';
  const setMaintenance = (enabled: boolean) =>
    h.api('PUT', '/api/admin/settings/site_maintenance', { token: h.token, body: { setting_value: { enabled, message } } });

  it('is off by default and GET /api/site says so', async () => {
    const res = await h.api('GET', '/api/site');
    expect(res.status).toBe(200);
    expect(res.body.maintenance).toEqual({ enabled: false, message: 'We are performing scheduled maintenance. Please check back soon.' });
  });

  it('refuses every public write with 503 and the configured message, and writes nothing', async () => {
    expect((await setMaintenance(true)).status).toBe(200);
    try {
      expect((await h.api('GET', '/api/site')).body.maintenance).toEqual({ enabled: true, message });
      const writes = h.server.routes.filter((r) => r.access === 'form');
      expect(writes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/interests', '/api/video-leads']));
      const before = await rowCounts(h.db);
      for (const route of writes) {
        // A form read (the promo code preview) is refused too: it is part of registering.
        const res = await h.api(route.method.toUpperCase(), concrete(route.path), route.method === 'get' ? {} : { body: { name: 'Ann', email: 'ann@example.com' } });
        expect({ path: route.path, status: res.status, body: res.body }).toEqual({ path: route.path, status: 503, body: { error: { code: 'maintenance', message } } });
      }
      expect(await rowCounts(h.db)).toEqual(before);
    } finally {
      await setMaintenance(false);
    }
  });

  it('keeps reads, sign-in and the admin API working', async () => {
    await setMaintenance(true);
    try {
      expect((await h.api('GET', '/api/workshops')).status).toBe(200);
      expect((await h.api('GET', '/api/health')).status).toBe(200);
      expect((await h.api('POST', '/api/auth/login', { body: { email: 'admin@test.local', password: 'correct horse battery' } })).status).toBe(200);
      expect((await h.api('GET', '/api/admin/dashboard', { token: h.token })).status).toBe(200);
      expect((await h.api('POST', '/api/admin/revive', { token: h.token, body: { name: 'Still works' } })).status).toBe(201);
      expect((await h.api('POST', '/api/admin/workshops', { token: h.token, body: {} })).status).toBe(201);
    } finally {
      await setMaintenance(false);
    }
    expect((await h.api('POST', '/api/interests', { body: { name: 'Ann', email: 'ann@example.com' } })).status).toBe(201);
  });
});
