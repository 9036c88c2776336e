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
      refund_policy: { min_fee_cents: 60, fee_percent: 3 },
      site_links: { whatsapp_url: '', discord_url: '', demo_video_url: '', twitter_url: '', linkedin_url: '', youtube_url: '', instagram_url: '' },
      checkout_recovery: { enabled: true, delay_minutes: 60 },
      waitlist: { offer_hours: 12 },
      admin_security: { enabled: false, idle_hours: 12 },
      retention: { registration_years: 3, lead_years: 3, payment_years: 7 },
    });
  });

  it('updates each setting and reads it back', async () => {
    const values = {
      site_maintenance: { enabled: true, message: 'Back at noon' },
      registration_limit: { enabled: true, max_registrations: 1 },
      email_notifications: { enabled: true, admin_email: 'team@example.com' },
      refund_policy: { min_fee_cents: 150, fee_percent: 4.5 },
      site_links: { whatsapp_url: 'https://chat.whatsapp.com/x', discord_url: 'https://discord.gg/x', demo_video_url: '', twitter_url: '', linkedin_url: '', youtube_url: '', instagram_url: '' },
      checkout_recovery: { enabled: false, delay_minutes: 180 },
      waitlist: { offer_hours: 24 },
      // (On would leave this admin, who has no two-factor, only setting it up.)
      admin_security: { enabled: false, idle_hours: 8 },
      retention: { registration_years: 4, lead_years: 2, payment_years: 8 },
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
      ['refund_policy', { min_fee_cents: -1, fee_percent: 3 }, 'Minimum fee must be 0 or more'],
      ['refund_policy', { min_fee_cents: 60, fee_percent: 101 }, 'Fee percentage must be between 0 and 100'],
      ['registration_limit', { enabled: true, max_registrations: 12.5 }, 'Maximum registrations must be a whole number'],
      ['registration_limit', { enabled: true, max_registrations: 'ten' }, 'Maximum registrations must be a number'],
      ['email_notifications', { enabled: true, admin_email: 'not-an-email' }, 'Invalid email address'],
      ['site_maintenance', { enabled: true, message: 'm'.repeat(501) }, 'Message must be 500 characters or less'],
      ['checkout_recovery', { enabled: true, delay_minutes: 10_081 }, 'Delay must be between 5 minutes and 7 days'],
      ['checkout_recovery', { enabled: true, delay_minutes: 30.5 }, 'Delay must be a whole number of minutes'],
      ['waitlist', { offer_hours: 0 }, 'Offer time must be at least 1 hour'],
      ['waitlist', { offer_hours: 1.5 }, 'Offer time must be a whole number of hours'],
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
