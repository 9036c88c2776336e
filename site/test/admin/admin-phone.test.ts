import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { newContext, screenshot, signIn, startAdminHarness, type AdminHarness } from './admin-harness';
import { seedInterests, seedRegistrations, seedWorkshop } from './admin-seed';

const LONG_NAME = 'Maximilian Alexander Featherstonehaugh-Worthington';
const LONG_EMAIL = 'maximilian.alexander.featherstonehaugh@averyverylongcompanydomain.example';
const LONG_TITLE = 'No-Code App Development Workshop: Evening Cohort';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdminHarness();
  const db = h.server.deps.db;
  const w = await seedWorkshop(db, { title: LONG_TITLE });
  await seedRegistrations(db, w.id, 30);
  await insertRegistration(db, w.id, { name: LONG_NAME, email: LONG_EMAIL, status: 'completed' });
  await seedInterests(db, 6);
  await db('workshop_interests').insert({ name: LONG_NAME, email: LONG_EMAIL, phone: '+1 555 0100 999', message: 'Can I join? '.repeat(40).trim(), source: 'question', status: 'interested' });
  await db('revive').insert([{ name: 'Bartholomew Featherstonehaugh', email: 'bart.featherstonehaugh@example.com', source: 'admin' }]);
});
afterAll(() => h?.stop());

async function signedIn(width: number, height: number): Promise<Page> {
  const page = await (await newContext(h, { width, height })).newPage();
  await signIn(page);
  return page;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('admin lists at 1440px', () => {
  it('keeps the status badge and Mark Contacted in view beside a long question', async () => {
    const page = await signedIn(1440, 900);
    await page.goto('/admin/interests');
    const row = page.locator('[data-testid="interests-table"] tbody tr.ant-table-row', { hasText: LONG_EMAIL });
    const button = row.getByRole('button', { name: 'Mark Contacted' });
    await button.waitFor();
    const table = (await page.locator('[data-testid="interests-table"] .ant-table-container').boundingBox())!;
    for (const el of [row.getByTestId('status-badge'), button]) {
      const box = (await el.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(1440, table.x + table.width));
    }
    await button.click({ timeout: 3000 });
    await page.getByText('Marked as contacted').waitFor();
    await screenshot(page, 'interests-long-message-1440');
  });
});

describe('admin lists at 1024px and 768px, beside the open sidebar', () => {
  it("keeps each registration's amount and status in view at 1024px", async () => {
    const page = await signedIn(1024, 800);
    await page.goto('/admin/registrations');
    const row = page.locator('[data-testid="registrations-table"] tbody tr.ant-table-row').first();
    await row.getByTestId('status-badge').waitFor();
    const table = (await page.locator('[data-testid="registrations-table"] .ant-table-container').boundingBox())!;
    const badge = (await row.getByTestId('status-badge').boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(table.x + table.width);
    expect(await pageWidth(page)).toBe(1024);
    await page.context().close();
  });

  it('shows lists as cards at 768px, where a table would have under 500px', async () => {
    const page = await signedIn(768, 900);
    await page.goto('/admin/interests');
    await page.getByTestId('interests-cards').getByTestId('list-card').first().waitFor();
    expect(await pageWidth(page)).toBe(768);
    await page.context().close();
  });
});

describe('admin on a 390px phone', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn(390, 844);
  });

  it('never widens a screen past the phone', async () => {
    for (const path of ['/admin', '/admin/workshops', '/admin/registrations', '/admin/interests', '/admin/revive', '/admin/settings']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 3 }).first().waitFor();
      await page.waitForTimeout(500);
      expect({ path, width: await pageWidth(page) }).toEqual({ path, width: 390 });
    }
  });

  it('shows registrations as cards, the first one on screen, with what matters', async () => {
    await page.goto('/admin/registrations');
    const first = page.getByTestId('registrations-cards').getByTestId('list-card').first();
    await first.waitFor();
    expect((await first.boundingBox())!.y).toBeLessThan(844);
    const long = page.getByTestId('list-card').filter({ hasText: LONG_NAME });
    const text = await long.innerText();
    for (const s of [LONG_NAME, LONG_EMAIL, LONG_TITLE, '$99.00', 'Completed']) expect(text).toContain(s);
    await screenshot(page, 'registrations-390');
  });

  it('shows interests as cards with their question and next step', async () => {
    await page.goto('/admin/interests');
    const card = page.getByTestId('interests-cards').getByTestId('list-card').filter({ hasText: LONG_NAME });
    // Contacted at 1440px above: the next step is now Mark Converted.
    await card.getByRole('button', { name: 'Mark Converted' }).waitFor();
    expect(await card.innerText()).toContain('Can I join?');
  });

  it('lists revive entries as cards whose names read as words, not a letter per line', async () => {
    await page.goto('/admin/revive');
    const card = page.getByTestId('revive-cards').getByTestId('list-card').filter({ hasText: 'Bartholomew' });
    await card.waitFor();
    const name = (await card.getByText('Bartholomew Featherstonehaugh').boundingBox())!;
    expect(name.width).toBeGreaterThan(150);
    expect(await pageWidth(page)).toBe(390);
    await screenshot(page, 'revive-390');
  });

  it('keeps each recent registration email clear of its amount on the dashboard', async () => {
    await page.goto('/admin');
    const rows = page.getByTestId('recent-registration');
    await expect.poll(() => rows.count()).toBe(5);
    for (let i = 0; i < 5; i++) {
      const email = (await rows.nth(i).getByTestId('recent-email').boundingBox())!;
      const amount = (await rows.nth(i).getByTestId('recent-amount').boundingBox())!;
      const overlap = email.x < amount.x + amount.width && amount.x < email.x + email.width && email.y < amount.y + amount.height && amount.y < email.y + email.height;
      expect(overlap, `row ${i}`).toBe(false);
      expect(email.x + email.width).toBeLessThanOrEqual(390);
    }
    // The funnel's date fields leave its title readable.
    const title = (await page.getByTestId('funnel').getByText('Sales funnel', { exact: true }).boundingBox())!;
    expect(title.width).toBeGreaterThan(60);
    await page.getByTestId('funnel').getByLabel('From').waitFor();
    await screenshot(page, 'dashboard-390');
  });

  it('shows workshop titles whole', async () => {
    await page.goto('/admin/workshops');
    const title = page.getByTestId('workshop-card').locator('.ant-card-head-title').first();
    await title.waitFor();
    expect(await title.innerText()).toContain(LONG_TITLE);
    const cut = await title.evaluate((el) => [...el.querySelectorAll('*'), el].some((e) => e.scrollWidth > e.clientWidth + 1));
    expect(cut).toBe(false);
    await screenshot(page, 'workshops-390');
  });
});
