import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, chooseStatus, expectCounter, newContext, screenshot, signIn, startSignedIn, tableRows, type AdminHarness } from './admin-harness';
import { seedRegistrations, seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
  const db = h.server.deps.db;
  const spring = await seedWorkshop(db, { title: 'Spring Build' });
  const autumn = await seedWorkshop(db, { title: 'Autumn Build', date: new Date(Date.now() + 40 * 86_400_000) });
  await seedRegistrations(db, spring.id, 30);
  await seedRegistrations(db, autumn.id, 12);
});
afterAll(() => h.stop());

const rows = () => tableRows(page, 'registrations-table');

async function chooseWorkshop(p: Page, title: string) {
  await chooseOption(p, p.getByTestId('workshop-filter'), title);
}

describe('registrations: workshop column, workshop filter, and a view kept in the URL', () => {
  it('shows which workshop each registration is for, and filters by it', async () => {
    await page.goto('/admin/registrations');
    await expectCounter(page, '42 of 42 registrations');
    const titles = await rows().locator('td:nth-child(5)').allInnerTexts();
    expect(new Set(titles)).toEqual(new Set(['Spring Build', 'Autumn Build']));
    await chooseWorkshop(page, 'Autumn Build');
    await expectCounter(page, '12 of 42 registrations');
    expect(new Set(await rows().locator('td:nth-child(5)').allInnerTexts())).toEqual(new Set(['Autumn Build']));
    await screenshot(page, 'registrations-by-workshop');
  });

  it('keeps search, filters and page in the URL: a reload or a shared link shows the same view', async () => {
    await page.goto('/admin/registrations');
    await expectCounter(page, '42 of 42 registrations');
    await chooseWorkshop(page, 'Spring Build');
    await chooseStatus(page, 'Completed');
    // The URL changes before the list has reloaded: read the view once the searched list is drawn.
    const searched = page.waitForResponse((r) => /\/api\/admin\/registrations\?/.test(r.url()) && new URL(r.url()).searchParams.get('q') === 'a' && new URL(r.url()).searchParams.get('status') === 'completed');
    await page.getByPlaceholder('Search by name, email, or registration ID...').fill('a');
    const { total } = (await (await searched).json()) as { total: number };
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(30);
    const counter = `${total} of 42 registrations`;
    await expectCounter(page, counter);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('a');
    expect(url.searchParams.get('status')).toBe('completed');
    expect(url.searchParams.get('workshop')).toBeTruthy();
    const shown = await rows().locator('td:nth-child(4)').allInnerTexts();

    await page.reload();
    await expectCounter(page, counter);
    expect(await rows().locator('td:nth-child(4)').allInnerTexts()).toEqual(shown);
    expect(await page.getByPlaceholder('Search by name, email, or registration ID...').inputValue()).toBe('a');
    expect(await page.getByTestId('status-filter').innerText()).toBe('Completed');
    expect(await page.getByTestId('workshop-filter').innerText()).toContain('Spring Build');

    // Another admin opens the shared link.
    const other = await (await newContext(h)).newPage();
    await signIn(other);
    await other.goto(url.pathname + url.search);
    await expectCounter(other, counter);
    expect(await tableRows(other, 'registrations-table').locator('td:nth-child(4)').allInnerTexts()).toEqual(shown);
    await other.context().close();
  });

  it('keeps the page number in the URL', async () => {
    await page.goto('/admin/registrations');
    await expectCounter(page, '42 of 42 registrations');
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => rows().count()).toBe(17);
    const second = await rows().locator('td:nth-child(4)').allInnerTexts();
    await page.reload();
    await expect.poll(() => rows().locator('td:nth-child(4)').allInnerTexts()).toEqual(second);
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
  });
});
