import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { bulkMailto, csvRow, MAILTO_BODIES, videoLeadCsvColumns, videoLeadCsvFileName, type AdminVideoLead } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filteredVideoLeads, toVideoLead } from '../../../server/src/video-leads/video-leads.queries';
import { cardValue, expectCounter, navLink, newContext, screenshot, signIn, startSignedIn, tableRows, type AdminHarness } from './admin-harness';
import { seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const SEARCH = 'Search by name, email, or workshop...';
const rows = () => tableRows(page, 'leads-table');
const dbLeads = async (q: string): Promise<AdminVideoLead[]> => ((await filteredVideoLeads(h.server.deps.db, { q })) as Record<string, unknown>[]).map(toVideoLead);

/** Ten leads, newest first: every third without a workshop; a Zoë and a 李 for the CSV's UTF-8. */
async function seedLeads(): Promise<void> {
  const db = h.server.deps.db;
  const basics = await seedWorkshop(db, { title: 'No-Code Basics' });
  const automation = await seedWorkshop(db, { title: 'Spreadsheet Automation' });
  const names = ['Anna Smith', 'Ben Carter', 'Zoë Lefèvre', 'Dev Patel', '李雷', 'Ella Jones', 'Farah Khan', 'Gus Blacksmith', 'Hana Ito', 'Ivan Petrov'];
  const now = Date.now();
  await db('video_leads').insert(
    names.map((name, i) => ({
      name,
      email: `viewer${i}@${i % 2 ? 'example.com' : 'preview.example'}`,
      workshop_id: i % 3 === 2 ? null : i % 2 ? automation.id : basics.id,
      created_at: new Date(now - i * 5 * 3_600_000),
    })),
  );
}

describe('video leads', () => {
  it('has its own sidebar entry and tab title, and an empty state with no leads', async () => {
    await navLink(page, 'Video Leads').click();
    await page.getByRole('heading', { name: 'Video Leads' }).waitFor();
    await page.getByText('No leads found').waitFor();
    await expectCounter(page, '0 of 0 leads');
    expect(await page.getByTestId('sidebar-nav').locator('[aria-current="page"]').allInnerTexts()).toEqual(['Video Leads']);
    await expect.poll(() => page.title()).toBe('Video Leads | NoCode Workshop Admin');
    expect(new URL(page.url()).pathname).toBe('/admin/video-leads');
    // Leads have no status, so there is nothing to filter by.
    expect(await page.getByTestId('status-filter').count()).toBe(0);
    expect(await page.getByTestId('export-csv').isDisabled()).toBe(true);
  });

  it('lists the leads with the cards and their workshop, and the search narrows them as the database does', async () => {
    await seedLeads();
    await page.reload();
    await expectCounter(page, '10 of 10 leads');
    const all = await dbLeads('');
    await expect(cardValue(page, 'Total Leads')).resolves.toBe('10');
    await expect(cardValue(page, 'With a Workshop')).resolves.toBe(String(all.filter((l) => l.workshop_id).length));
    await expect(cardValue(page, 'Today')).resolves.toMatch(/^\d+$/);
    const headers = await page.locator('[data-testid="leads-table"] thead th').allTextContents();
    expect(headers.filter(Boolean)).toEqual(['Name', 'Email', 'Workshop', 'Submitted']);
    expect(await rows().locator('td:nth-child(1)').allTextContents()).toEqual(all.map((l) => l.name));
    expect(await rows().locator('td:nth-child(3)').allTextContents()).toEqual(all.map((l) => l.workshop_title ?? '—'));
    await screenshot(page, 'video-leads-1440');

    await page.getByPlaceholder(SEARCH).fill('zoë');
    await expectCounter(page, '1 of 10 leads');
    expect(await rows().locator('td:nth-child(1)').allTextContents()).toEqual(['Zoë Lefèvre']);

    await page.getByPlaceholder(SEARCH).fill('automation');
    const automation = await dbLeads('automation');
    expect(automation.length).toBeGreaterThan(1);
    await expectCounter(page, `${automation.length} of 10 leads`);
    expect(await rows().locator('td:nth-child(2)').allTextContents()).toEqual(automation.map((l) => l.email));
    await page.getByTestId('email-all').click();
    expect(await page.getByTestId('email-all-link').getAttribute('href')).toBe(bulkMailto(automation.map((l) => l.email).sort(), MAILTO_BODIES.videoLeads));
    await page.keyboard.press('Escape');

    await page.getByPlaceholder(SEARCH).fill('zzz');
    await page.getByText('No leads match your current filters.').waitFor();
  });

  it('exports the searched leads as CSV with one byte order mark, the columns and video_leads_<date>.csv', async () => {
    await page.getByPlaceholder(SEARCH).fill('preview.example');
    const expected = await dbLeads('preview.example');
    await expectCounter(page, `${expected.length} of 10 leads`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe(videoLeadCsvFileName());
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes[3]).not.toBe(0xef);
    const parsed = Papa.parse<string[]>(bytes.toString('utf8').slice(1).trim()).data;
    expect(parsed[0]).toEqual(['Name', 'Email', 'Workshop', 'Submitted']);
    expect(parsed.slice(1)).toEqual(expected.map((l) => csvRow(videoLeadCsvColumns, l)));
    expect(parsed.map((r) => r[0])).toEqual(expect.arrayContaining(['Zoë Lefèvre', '李雷']));
    await page.getByText('Video lead data exported successfully').waitFor();
  });

  it('shows the leads as cards on a 375px phone, reached from the sidebar drawer', async () => {
    const ctx = await newContext(h, { width: 375, height: 812 });
    const phone = await ctx.newPage();
    await signIn(phone);
    await phone.getByTestId('sidebar-toggle').click();
    await navLink(phone, 'Video Leads').click();
    await phone.getByRole('heading', { name: 'Video Leads' }).waitFor();
    const cards = phone.getByTestId('leads-cards').getByTestId('list-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    const [newest] = await dbLeads('');
    const text = await cards.first().innerText();
    for (const s of [newest.name, newest.email, newest.workshop_title ?? '—']) expect(text).toContain(s);
    expect(await cards.filter({ hasText: 'Zoë Lefèvre' }).innerText()).toContain('—');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(phone, 'video-leads-375');
    await ctx.close();
  });
});
