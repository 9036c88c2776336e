import { describe, expect, it } from 'vitest';
import { rowCounts } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

const put = (key: string, body: unknown) => h.api('PUT', `/api/admin/settings/${key}`, { token: h.token, body });

describe('admin settings', () => {
  it('reads every setting mapped by key, with the defaults from the migration', async () => {
    const res = await h.api('GET', '/api/admin/settings', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      site_maintenance: { enabled: false, message: 'We are performing scheduled maintenance. Please check back soon.' },
      registration_limit: { enabled: false, max_registrations: 100 },
      email_notifications: { enabled: false, admin_email: '' },
    });
  });

  it('updates each setting and reads it back', async () => {
    const values = {
      site_maintenance: { enabled: true, message: 'Back at noon' },
      registration_limit: { enabled: true, max_registrations: 1 },
      email_notifications: { enabled: true, admin_email: 'team@example.com' },
    };
    for (const [key, setting_value] of Object.entries(values)) {
      const res = await put(key, { setting_value });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ setting_key: key, setting_value });
    }
    expect((await h.api('GET', '/api/admin/settings', { token: h.token })).body).toEqual(values);
    const row = await h.db('admin_settings').where({ setting_key: 'registration_limit' }).first();
    expect(row.setting_value).toEqual({ enabled: true, max_registrations: 1 });
    await put('site_maintenance', { setting_value: { enabled: false, message: 'Back at noon' } });
  });

  it('refuses bad values with the form messages and changes nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['registration_limit', { enabled: true, max_registrations: 0 }, 'Maximum registrations must be at least 1'],
      ['registration_limit', { enabled: true, max_registrations: 2.5 }, 'Maximum registrations must be a whole number'],
      ['registration_limit', { enabled: true, max_registrations: 'ten' }, 'Maximum registrations must be a number'],
      ['email_notifications', { enabled: true, admin_email: 'not-an-email' }, 'Invalid email address'],
      ['site_maintenance', { enabled: true, message: 'm'.repeat(501) }, 'Message must be 500 characters or less'],
    ];
    const before = await h.db('admin_settings').select('*').orderBy('setting_key');
    const counts = await rowCounts(h.db);
    for (const [key, setting_value, message] of cases) {
      const res = await put(key, { setting_value });
      expect({ key, status: res.status, message: res.body.error?.message }).toEqual({ key, status: 422, message });
    }
    expect((await put('site_maintenance', {})).status).toBe(422);
    expect((await put('site_maintenance', { setting_value: { message: 'no flag' } })).status).toBe(422);
    const unknown = await put('dark_mode', { setting_value: { enabled: true } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe('Unknown setting');
    expect(await h.db('admin_settings').select('*').orderBy('setting_key')).toEqual(before);
    expect(await rowCounts(h.db)).toEqual(counts);
  });
});
