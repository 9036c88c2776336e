import { RECORDING_DAYS } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequests, navLink, screenshot, startSignedIn, type AdminHarness } from './admin-harness';
import { seedRegistrations, seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
  await navLink(page, 'Settings').click();
  await page.getByText('Site Maintenance').waitFor();
});
afterAll(() => h.stop());

const setting = async (key: string) => (await h.server.deps.db('admin_settings').where({ setting_key: key }).first()).setting_value;

describe('settings', () => {
  it('shows the five sections', async () => {
    for (const title of ['Site Maintenance', 'Registration Limits', 'Email Notifications', 'Admin Management', 'Dangerous Actions']) {
      await page.locator('.ant-card-head-title', { hasText: title }).waitFor();
    }
    await page.getByText('Admin users have full access to every admin screen and setting.', { exact: false }).waitFor();
    await expect(page.getByTestId('max-registrations').getAttribute('placeholder')).resolves.toBe('100');
    await screenshot(page, 'settings');
  });

  it("saves a toggle at once with 'Saving...', and the change survives a reload", async () => {
    const release = await holdRequests(page, '**/api/admin/settings/site_maintenance');
    await page.getByTestId('toggle-maintenance').click();
    await page.getByTestId('saving-indicator').getByText('Saving...').waitFor();
    await screenshot(page, 'settings-saving');
    release();
    await page.getByText('Setting updated successfully').waitFor();
    await page.getByTestId('saving-indicator').waitFor({ state: 'detached' });
    await page.unrouteAll({ behavior: 'wait' });
    expect(await setting('site_maintenance')).toMatchObject({ enabled: true });

    await page.reload();
    await expect(page.getByTestId('toggle-maintenance').getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByTestId('toggle-maintenance').click();
    await page.getByText('Setting updated successfully').first().waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="toggle-maintenance"]')?.getAttribute('aria-checked') === 'false');
    expect(await setting('site_maintenance')).toMatchObject({ enabled: false });
  });

  it('keeps maximum registrations at 1 or more', async () => {
    const input = page.getByTestId('max-registrations');
    const section = page.getByTestId('section-registration-limit');
    await input.fill('0');
    await section.getByRole('button', { name: 'Save Limit' }).click();
    await section.getByText('Maximum registrations must be at least 1').waitFor();
    expect(await setting('registration_limit')).toMatchObject({ max_registrations: 100 });

    await input.fill('50');
    await section.getByRole('button', { name: 'Save Limit' }).click();
    await page.getByText('Setting updated successfully').first().waitFor();
    await expect.poll(async () => (await setting('registration_limit')).max_registrations).toBe(50);
    await section.getByText('Maximum registrations must be at least 1').waitFor({ state: 'detached' });

    await page.getByTestId('toggle-registration-limit').click();
    await expect.poll(async () => (await setting('registration_limit')).enabled).toBe(true);
    await page.reload();
    await expect(page.getByTestId('max-registrations').inputValue()).resolves.toBe('50');
    await expect(page.getByTestId('toggle-registration-limit').getAttribute('aria-checked')).resolves.toBe('true');
  });

  it('checks the admin email before saving it', async () => {
    const section = page.getByTestId('section-email');
    await section.getByPlaceholder('admin@example.com').fill('not-an-email');
    await section.getByRole('button', { name: 'Save Email' }).click();
    await section.getByText('Invalid email address').waitFor();
    await section.getByPlaceholder('admin@example.com').fill('owner@workshop.test');
    await section.getByRole('button', { name: 'Save Email' }).click();
    await expect.poll(async () => (await setting('email_notifications')).admin_email).toBe('owner@workshop.test');
  });

  it('clears all registration data after the SPEC confirmation, keeping the archive', async () => {
    // A workshop that ended longer ago than its recordings are kept: its bookings hold nothing any more.
    const w = await seedWorkshop(h.server.deps.db, { date: new Date(Date.now() - (RECORDING_DAYS + 5) * 24 * 3_600_000) });
    await seedRegistrations(h.server.deps.db, w.id, 5);
    await page.getByTestId('clear-registrations').click();
    await page.getByText('Are you sure you want to clear all registration data? This action cannot be undone.').waitFor();
    await screenshot(page, 'settings-clear-confirm');
    await page.getByRole('button', { name: 'Clear All Data' }).click();
    await page.getByText('All registration data cleared').waitFor();
    // The one checkout still holding its seat stays (its buyer may be paying now); the rest are archived.
    await page.getByText('1 registration was kept: seats being paid for right now, or refunds still on their way.').waitFor();
    expect(await h.server.deps.db('workshop_registrations').select('status')).toEqual([{ status: 'pending' }]);
    expect(await h.server.deps.db('workshop_registrations_archive').count('* as n').first()).toEqual({ n: 4 });
  });
});

describe('settings: labels, whole numbers and the maintenance banner', () => {
  it('ties each text field to its label', async () => {
    await page.goto('/admin/settings');
    await page.getByLabel('Maintenance message').fill('Back at six');
    expect(await page.getByLabel('Maximum Registrations').getAttribute('data-testid')).toBe('max-registrations');
    expect(await page.getByLabel('Admin Email').getAttribute('placeholder')).toBe('admin@example.com');
  });

  it('refuses a registration limit of 12.5 instead of saving 12', async () => {
    const before = await setting('registration_limit');
    const section = page.getByTestId('section-registration-limit');
    await page.getByLabel('Maximum Registrations').fill('12.5');
    await section.getByRole('button', { name: 'Save Limit' }).click();
    await section.getByText('Maximum registrations must be a whole number').waitFor();
    expect(await setting('registration_limit')).toEqual(before);
  });

  it('shows a banner on every admin page while maintenance mode is on', async () => {
    await page.goto('/admin/settings');
    await page.getByTestId('toggle-maintenance').click();
    const banner = page.getByTestId('maintenance-banner');
    await banner.getByText('Maintenance mode is on').waitFor();
    for (const item of ['Dashboard', 'Workshops', 'Registrations', 'Interests', 'Revive']) {
      await navLink(page, item).click();
      await banner.getByText('Maintenance mode is on').waitFor();
    }
    await screenshot(page, 'maintenance-banner');
    await banner.getByRole('button', { name: 'Open Settings' }).click();
    await page.getByTestId('toggle-maintenance').click();
    await banner.waitFor({ state: 'detached' });
    await navLink(page, 'Dashboard').click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await banner.count()).toBe(0);
  });
});

describe('settings: community and social links', () => {
  it('saves the links the public site shows, refusing one that is not a web address', async () => {
    await page.goto('/admin/settings');
    const section = page.getByTestId('section-links');
    await section.getByLabel('WhatsApp group link').fill('chat.whatsapp.com/x');
    await section.getByRole('button', { name: 'Save Links' }).click();
    await section.getByText('Enter a full link starting with https://').waitFor();
    await section.getByLabel('WhatsApp group link').fill('https://chat.whatsapp.com/x');
    await section.getByLabel('Demo video link').fill('https://www.youtube.com/watch?v=demo');
    await section.getByRole('button', { name: 'Save Links' }).click();
    await expect.poll(async () => (await setting('site_links'))?.whatsapp_url).toBe('https://chat.whatsapp.com/x');
    expect((await setting('site_links')).demo_video_url).toBe('https://www.youtube.com/watch?v=demo');
    const site = await (await fetch(`${h.server.url}/api/site`)).json();
    expect(site.links).toEqual({ whatsapp_url: 'https://chat.whatsapp.com/x', demo_video_url: 'https://www.youtube.com/watch?v=demo' });
  });
});
