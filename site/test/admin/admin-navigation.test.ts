import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navLink, screenshot, startSignedIn, type AdminHarness } from './admin-harness';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

describe('admin navigation', () => {
  it('shows the not-found page inside the admin layout for an unknown admin path', async () => {
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto('/admin/no-such-screen');
    await page.getByRole('heading', { level: 1, name: '404 Oops! Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/no-such-screen');
    // Inside the layout: the sidebar is there to go elsewhere.
    await navLink(page, 'Workshops').waitFor();
    await expect.poll(() => logged.some((l) => l.includes('/admin/no-such-screen'))).toBe(true);
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });
});

describe('screen names and wording', () => {
  it('names each screen in the browser tab', async () => {
    const screens: [string, string][] = [
      ['Dashboard', 'Dashboard'],
      ['Workshops', 'Workshops'],
      ['Registrations', 'Registration Management'],
      ['Interests', 'Interest Management'],
      ['Video Leads', 'Video Leads'],
      ['Invoices', 'Invoices'],
      ['Revive', 'Revive Entries'],
      ['Settings', 'Settings'],
    ];
    for (const [item, title] of screens) {
      await navLink(page, item).click();
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await page.getByTestId('sidebar-nav').locator('[aria-current="page"]').allInnerTexts()).toEqual([item]);
      await expect.poll(() => page.title()).toBe(`${title} | NoCode Workshop Admin`);
    }
  });

  it('spells the brand in the sidebar as the public site does', async () => {
    expect(await page.getByTestId('sidebar').getByText('NoCode Workshop', { exact: true }).count()).toBe(1);
    expect(await page.getByText('No-Code Workshop').count()).toBe(0);
  });

  it("says '1 registration' in the chart's read-out, not '1 registrations'", async () => {
    const db = h.server.deps.db;
    const [w] = await db('workshops')
      .insert({ title: 'Chart Workshop', description: '', date: new Date(Date.now() + 86_400_000), duration_hours: 2, price_usd_cents: 9900 })
      .returning('id');
    await db('workshop_registrations').insert({ name: 'One', email: 'one@example.com', phone: '9876543210', workshop_id: w.id, access_id: 'NC-CHRT2345', amount: 9900, currency: 'USD', status: 'pending' });
    await page.goto('/admin');
    await expect.poll(() => page.getByTestId('chart-readout').innerText()).toMatch(/: 1 registration · \$99\.00$/);
  });
});
