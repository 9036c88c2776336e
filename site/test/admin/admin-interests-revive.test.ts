import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { bulkMailto, csvRow, interestCsvColumns, interestCsvFileName, MAILTO_BODIES, type Interest } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filteredInterests, toInterest } from '../../../server/src/interests/interests.queries';
import { cardValue, chooseStatus, confirmPopover, expectCounter, holdRequests, navLink, screenshot, startSignedIn, tableRows, type AdminHarness } from './admin-harness';
import { seedInterests } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const rows = (table: string) => tableRows(page, table);
const dbInterests = async (q: string, status?: 'interested' | 'contacted' | 'converted'): Promise<Interest[]> =>
  ((await filteredInterests(h.server.deps.db, { q, status })) as Record<string, unknown>[]).map(toInterest);

describe('interests', () => {
  it('shows the empty state with no interests', async () => {
    await navLink(page, 'Interests').click();
    await page.getByText('No interests found').waitFor();
    await expectCounter(page, '0 of 0 interests');
    await screenshot(page, 'interests-empty');
  });

  it('lists interests with the cards, searches name/email/phone and filters, as the database does', async () => {
    await seedInterests(h.server.deps.db);
    await page.reload();
    await expectCounter(page, '12 of 12 interests');
    await page.getByRole('heading', { name: 'Interest Management' }).waitFor();
    const all = await dbInterests('');
    await expect(cardValue(page, 'Total Interests')).resolves.toBe('12');
    await expect(cardValue(page, 'Interested')).resolves.toBe(String(all.filter((i) => i.status === 'interested').length));
    const headers = await page.locator('[data-testid="interests-table"] thead th').allTextContents();
    expect(headers.filter(Boolean)).toEqual(['Name', 'Email', 'Phone', 'Message', 'Submitted', 'Status']);
    await screenshot(page, 'interests');

    await page.getByPlaceholder('Search by name, email, or phone...').fill('555-01');
    const byPhone = await dbInterests('555-01');
    expect(byPhone.length).toBe(3);
    await expectCounter(page, `${byPhone.length} of 12 interests`);
    expect(await rows('interests-table').locator('td:nth-child(3)').allTextContents()).toEqual(byPhone.map((i) => i.phone));

    await page.getByPlaceholder('Search by name, email, or phone...').fill('LEAD1');
    await expectCounter(page, `${(await dbInterests('lead1')).length} of 12 interests`);

    await page.getByPlaceholder('Search by name, email, or phone...').fill('');
    await chooseStatus(page, 'Contacted');
    const contacted = await dbInterests('', 'contacted');
    await expectCounter(page, `${contacted.length} of 12 interests`);
    expect(await rows('interests-table').locator('td:nth-child(2)').allTextContents()).toEqual(contacted.map((i) => i.email));
    await page.getByTestId('email-all').click();
    expect(await page.getByTestId('email-all-link').getAttribute('href')).toBe(bulkMailto(contacted.map((i) => i.email).sort(), MAILTO_BODIES.interests));
    await page.keyboard.press('Escape');

    await page.getByPlaceholder('Search by name, email, or phone...').fill('zzz');
    await page.getByText('No interests match your current filters.').waitFor();
  });

  it('exports the filtered interests with the SPEC columns and file name', async () => {
    await page.getByPlaceholder('Search by name, email, or phone...').fill('');
    await chooseStatus(page, 'Interested');
    const expected = await dbInterests('', 'interested');
    await expectCounter(page, `${expected.length} of 12 interests`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe(interestCsvFileName());
    const parsed = Papa.parse<string[]>(readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '').trim()).data;
    expect(parsed[0]).toEqual(['Name', 'Email', 'Phone', 'Status', 'Submitted Date', 'Message']);
    expect(parsed.slice(1)).toEqual(expected.map((i) => csvRow(interestCsvColumns, i)));
    await page.getByText('Interest data exported successfully').waitFor();
  });

  it('moves an interest forward: interested → contacted → converted', async () => {
    await chooseStatus(page, 'All Status');
    await expectCounter(page, '12 of 12 interests');
    const target = (await dbInterests('', 'interested'))[0];
    const row = rows('interests-table').filter({ hasText: target.email });
    await row.getByRole('button', { name: 'Mark Contacted' }).click();
    // The badge, not the row text: the row already says "Mark Converted" on its button.
    await row.getByTestId('status-badge').getByText('Contacted', { exact: true }).waitFor();
    expect((await h.server.deps.db('workshop_interests').where({ id: target.id }).first()).status).toBe('contacted');
    await row.getByRole('button', { name: 'Mark Converted' }).click();
    await row.getByTestId('status-badge').getByText('Converted', { exact: true }).waitFor();
    expect((await h.server.deps.db('workshop_interests').where({ id: target.id }).first()).status).toBe('converted');
    // Converted is the last status: the advance button goes away (antd re-renders the row after the toast).
    await row.getByTestId('interest-advance').waitFor({ state: 'detached' });
  });
});

describe('revive', () => {
  it('shows the empty list, adds an entry and removes it', async () => {
    await navLink(page, 'Revive').click();
    await page.getByRole('heading', { name: 'Revive Entries' }).waitFor();
    await page.getByText('No revive entries').waitFor();
    await screenshot(page, 'revive-empty');

    await page.getByTestId('revive-name').fill('Returning Rita');
    await page.getByPlaceholder('Email (optional)').fill('rita@example.com');
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await rows('revive-table').filter({ hasText: 'Returning Rita' }).waitFor();
    const stored = await h.server.deps.db('revive').where({ name: 'Returning Rita' }).first();
    expect(stored).toMatchObject({ email: 'rita@example.com', source: 'admin' });
    await h.server.deps.db('revive').insert({ name: 'Abandoned Arjun', email: 'arjun@example.com', source: 'abandoned_checkout' });
    await page.reload();
    await rows('revive-table').filter({ hasText: 'Abandoned Arjun' }).waitFor();
    await expect(cardValue(page, 'Total Entries')).resolves.toBe('2');
    expect(await rows('revive-table').first().locator('td').nth(4).textContent()).toMatch(/\d{1,2}:\d{2} [AP]M E[SD]T$/);
    await screenshot(page, 'revive');

    await confirmPopover(page, rows('revive-table').filter({ hasText: 'Returning Rita' }).getByRole('button', { name: 'Remove Returning Rita' }), 'Remove');
    await page.getByText('Entry removed').waitFor();
    // The toast comes first; the list reloads after it.
    await rows('revive-table').filter({ hasText: 'Returning Rita' }).waitFor({ state: 'detached' });
    await rows('revive-table').filter({ hasText: 'Abandoned Arjun' }).waitFor();
    expect(await h.server.deps.db('revive').where({ name: 'Returning Rita' }).first()).toBeUndefined();
  });

  it("shows 'Loading revive entries...' while fetching", async () => {
    const release = await holdRequests(page, '**/api/admin/revive?*');
    await page.reload();
    await page.getByText('Loading revive entries...').waitFor();
    release();
    await rows('revive-table').first().waitFor();
    await page.unrouteAll({ behavior: 'wait' });
  });
});
