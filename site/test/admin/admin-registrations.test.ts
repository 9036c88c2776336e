import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { bulkMailto, csvHeaders, csvRow, formatCents, MAILTO_BODIES, registrationCsvColumns, registrationCsvFileName, type Registration, type RegistrationStatus } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filteredRegistrations, filteredSeats, toCsvRow, toRegistration } from '../../../server/src/registrations/registrations.queries';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { cardValue, chooseStatus, expectCounter, holdRequests, navLink, screenshot, startSignedIn, tableRows, type AdminHarness } from './admin-harness';
import { seedRegistrations, seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const rows = () => tableRows(page, 'registrations-table');
const counter = () => page.getByTestId('list-counter');
const dbRows = async (q: string, status?: RegistrationStatus): Promise<Registration[]> =>
  ((await filteredRegistrations(h.server.deps.db, { q, status })) as Record<string, unknown>[]).map((r) => toRegistration(r));

describe('empty', () => {
  it('shows three skeleton cards while loading, then the no-data empty state', async () => {
    const release = await holdRequests(page, '**/api/admin/registrations?*');
    await navLink(page, 'Registrations').click();
    await page.getByTestId('skeleton-cards').waitFor();
    await expect(page.locator('[data-testid="skeleton-cards"] .ant-card').count()).resolves.toBe(3);
    await screenshot(page, 'registrations-loading');
    release();
    await page.getByText('No registrations found').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByText('Registrations will appear here once people sign up.').waitFor();
    await expect(counter().textContent()).resolves.toBe('0 of 0 registrations');
    await screenshot(page, 'registrations-empty');
  });
});

describe('loaded', () => {
  beforeAll(async () => {
    const w = await seedWorkshop(h.server.deps.db);
    await seedRegistrations(h.server.deps.db, w.id);
    await page.reload();
    await expectCounter(page, '30 of 30 registrations');
  });

  it('shows the heading, the four cards from the database and every SPEC column', async () => {
    await page.getByRole('heading', { name: 'Registration Management' }).waitFor();
    const all = await dbRows('');
    const card = (title: string) => cardValue(page, title);
    await expect(card('Total Registrations')).resolves.toBe('30');
    await expect(card('Completed')).resolves.toBe(String(all.filter((r) => r.status === 'completed').length));
    await expect(card('Total Revenue')).resolves.toBe(formatCents(all.reduce((s, r) => s + r.amount, 0)));
    const headers = await page.locator('[data-testid="registrations-table"] thead th').allTextContents();
    expect(headers.filter(Boolean)).toEqual(['Name', 'Email', 'Access ID', 'Workshop', 'Payment ID', 'Date', 'Source', 'Promo Code', 'Seats', 'Amount', 'Status']);
    const first = await rows().first().locator('td').allTextContents();
    // The first cell is the expander a team booking uses to show its attendees (empty for one seat).
    expect(first).toEqual(['', all[0].name, all[0].email, all[0].access_id, 'Seeded Workshop', all[0].payment_id ?? '—', expect.stringMatching(/E[SD]T$/), '—', '—', '1', formatCents(all[0].amount), 'Completed']);
    await expect(rows().count()).resolves.toBe(25);
    await screenshot(page, 'registrations');
  });

  it('searches name, email and access id case-insensitively on the server, as the database does', async () => {
    await page.getByPlaceholder('Search by name, email, or registration ID...').fill('SMITH');
    const expected = await dbRows('smith');
    expect(expected.length).toBeGreaterThan(6);
    await expectCounter(page, `${expected.length} of 30 registrations`);
    expect(await rows().locator('td:nth-child(4)').allTextContents()).toEqual(expected.map((r) => r.access_id));

    const one = (await dbRows(''))[17];
    await page.getByPlaceholder('Search by name, email, or registration ID...').fill(one.access_id.toLowerCase());
    await expectCounter(page, '1 of 30 registrations');
    await expect(rows().locator('td:nth-child(4)').allTextContents()).resolves.toEqual([one.access_id]);
  });

  it('filters by status, and offers Email All with every address of the filter in Bcc', async () => {
    await page.getByPlaceholder('Search by name, email, or registration ID...').fill('');
    await chooseStatus(page, 'Pending');
    const pending = await dbRows('', 'pending');
    await expectCounter(page, `${pending.length} of 30 registrations`);
    expect(await rows().locator('td:nth-child(4)').allTextContents()).toEqual(pending.map((r) => r.access_id));
    expect(await rows().locator('[data-testid="status-badge"]').allTextContents()).toEqual(pending.map(() => 'Pending'));

    await page.getByTestId('email-all').click();
    const href = await page.getByTestId('email-all-link').getAttribute('href');
    expect(href).toBe(bulkMailto([...new Set(pending.map((r) => r.email))].sort(), MAILTO_BODIES.registrations));
    const mail = new URL(href!);
    expect(mail.searchParams.get('subject')).toBe('Workshop Update');
    expect(mail.searchParams.get('bcc')!.split(',').sort()).toEqual(pending.map((r) => r.email).sort());
    await page.keyboard.press('Escape');
  });

  it('shows the filtered empty state when nothing matches', async () => {
    await page.getByPlaceholder('Search by name, email, or registration ID...').fill('nobody-by-this-name');
    await expectCounter(page, '0 of 30 registrations');
    await page.getByText('No registrations match your current filters.').waitFor();
    await page.getByText('No registrations found').waitFor();
    await screenshot(page, 'registrations-no-match');
  });

  it('exports exactly the filtered rows with the SPEC columns and file name', async () => {
    await page.getByPlaceholder('Search by name, email, or registration ID...').fill('smith');
    await chooseStatus(page, 'Completed');
    const expected = await dbRows('smith', 'completed');
    await expectCounter(page, `${expected.length} of 30 registrations`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe(registrationCsvFileName());
    const text = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
    const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['Registration ID', 'Name', 'Email', 'Amount', 'Status', 'Payment ID', 'Registration Date', 'Promo Code', 'Discount', 'Order ID', 'Seats', 'Joined At']);
    expect(parsed[0]).toEqual(csvHeaders(registrationCsvColumns));
    // A row per seat: these are one-seat orders, so a row per order.
    const seats = ((await filteredSeats(h.server.deps.db, { q: 'smith', status: 'completed' })) as Record<string, unknown>[]).map(toCsvRow);
    expect(seats).toHaveLength(expected.length);
    expect(parsed.slice(1)).toEqual(seats.map((r) => csvRow(registrationCsvColumns, r)));
    await page.getByText('Registration data exported successfully').waitFor();
  });

  it('shows a refund still on its way as its own status, filters by it, and says why', async () => {
    const w = await seedWorkshop(h.server.deps.db, { title: 'Filled Up Workshop' });
    await insertRegistration(h.server.deps.db, w.id, { name: 'Late Lara', email: 'late.lara@example.com', payment_id: 'PAY-LATE', status: 'refund_pending', status_reason: 'workshop_full_refunded' });
    // The list keeps its filters in the URL: start from the plain list, not the last test's view.
    await page.goto(new URL('/admin/registrations', page.url()).toString());
    await chooseStatus(page, 'Refund pending');
    await expectCounter(page, '1 of 31 registrations');
    const row = rows().filter({ hasText: 'late.lara@example.com' });
    await row.getByTestId('status-badge').getByText('Refund pending', { exact: true }).waitFor();
    const reason = row.getByTestId('status-reason');
    await reason.getByText('Workshop was full', { exact: true }).waitFor();
    await reason.hover();
    await page.getByRole('tooltip').getByText('retried until the provider accepts', { exact: false }).waitFor();
    await chooseStatus(page, 'All Status');
    // A normally completed registration has no reason beside its badge.
    await page.getByPlaceholder('Search by name, email, or registration ID...').fill('');
    await chooseStatus(page, 'Completed');
    await expectCounter(page, `${(await dbRows('', 'completed')).length} of 31 registrations`);
    await expect(rows().getByTestId('status-reason').count()).resolves.toBe(0);
  });
});
