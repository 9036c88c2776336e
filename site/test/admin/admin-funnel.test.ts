import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { screenshot, startSignedIn, type AdminHarness } from './admin-harness';
import { seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
  const db = h.server.deps.db;
  const w = await seedWorkshop(db, { title: 'Funnel Workshop' });
  const now = new Date();
  await insertRegistration(db, w.id, { email: 'paid.ads@example.com', completed_at: now, utm_source: 'ads', utm_medium: 'cpc', utm_campaign: 'launch' });
  await insertRegistration(db, w.id, { email: 'paid.direct@example.com', completed_at: now });
  const left = await insertRegistration(db, w.id, { name: 'Left Behind', email: 'left@example.com', status: 'failed', status_reason: 'hold_expired', payment_id: null });
  const back = await insertRegistration(db, w.id, { name: 'Came Back', email: 'back@example.com', status: 'failed', status_reason: 'cancelled', payment_id: null });
  const paidLater = await insertRegistration(db, w.id, { name: 'Came Back', email: 'back@example.com', completed_at: now });
  await db('revive').insert([
    { name: 'Left Behind', email: 'left@example.com', source: 'abandoned_checkout', registration_id: left.id },
    { name: 'Came Back', email: 'back@example.com', source: 'abandoned_checkout', registration_id: back.id },
  ]);
  const sent = new Date(Date.now() - 60_000);
  await db('checkout_recoveries').insert([
    { workshop_id: w.id, registration_id: left.id, name: 'Left Behind', email: 'left@example.com', phone: '9876543210', status: 'sent', sent_at: sent, send_after: sent },
    { workshop_id: w.id, registration_id: back.id, name: 'Came Back', email: 'back@example.com', phone: '9876543210', status: 'sent', sent_at: sent, send_after: sent, returned_at: now, recovered_at: now, recovered_registration_id: paidLater.id, recovered_amount_cents: 9900 },
  ]);
});
afterAll(() => h.stop());

const figure = (label: string) => page.getByTestId(`funnel-${label}`).locator('div').first().textContent();

describe('the sales funnel and checkout recovery in the admin', () => {
  it('shows the funnel on the dashboard, per workshop and by source', async () => {
    await page.goto('/admin');
    const funnel = page.getByTestId('funnel');
    await funnel.getByTestId('funnel-workshops').getByText('Funnel Workshop').waitFor();
    expect(await figure('Checkouts started')).toBe('4');
    expect(await figure('Completed')).toBe('3');
    expect(await figure('Abandoned')).toBe('1');
    expect(await figure('Recovered')).toBe('1');
    expect(await figure('Recovered revenue')).toBe('$99.00');
    await expect.poll(() => funnel.getByTestId('funnel-Completed').textContent()).toContain('75% of started');
    const sources = funnel.getByTestId('funnel-sources');
    expect(await sources.locator('tr', { hasText: 'ads' }).locator('td').nth(1).textContent()).toBe('1');
    expect(await sources.locator('tr', { hasText: '(direct)' }).locator('td').nth(1).textContent()).toBe('3');
    await screenshot(page, 'dashboard-funnel');

    // A period with nothing in it.
    await funnel.getByLabel('From').fill('2020-01-01');
    await funnel.getByLabel('To').fill('2020-01-31');
    await expect.poll(() => figure('Checkouts started')).toBe('0');
  });

  it('shows on the revive list who was emailed and who came back and paid', async () => {
    await page.goto('/admin/revive');
    const table = page.getByTestId('revive-table');
    await expect.poll(() => table.locator('tr', { hasText: 'Came Back' }).getByTestId('follow-up').textContent()).toContain('Came back and paid $99.00');
    expect(await table.locator('tr', { hasText: 'Left Behind' }).getByTestId('follow-up').textContent()).toContain('Not back yet');
    await screenshot(page, 'revive-follow-ups');
  });

  it('shows where each registration came from', async () => {
    await page.goto('/admin/registrations');
    await expect.poll(() => page.locator('tr', { hasText: 'paid.ads@example.com' }).textContent()).toContain('ads / cpc / launch');
  });

  it('turns follow-ups off and changes their delay in the settings, refusing a delay under 5 minutes', async () => {
    await page.goto('/admin/settings');
    const section = page.getByTestId('section-checkout-recovery');
    await section.getByTestId('recovery-delay').fill('2');
    await section.getByTestId('recovery-save').click();
    await section.getByText('Delay must be between 5 minutes and 7 days').waitFor();
    await section.getByTestId('recovery-delay').fill('90');
    await section.getByTestId('recovery-enabled').click();
    await section.getByTestId('recovery-save').click();
    await expect
      .poll(async () => (await h.server.deps.db('admin_settings').where({ setting_key: 'checkout_recovery' }).first())?.setting_value)
      .toEqual({ enabled: false, delay_minutes: 90 });
  });
});
