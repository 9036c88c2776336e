import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { expectCounter, screenshot, startSignedIn, type AdminHarness } from './admin-harness';
import { seedRegistrations, seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

/** Clicks Export CSV and returns the parsed rows of the file the browser saved. */
async function download(p: Page): Promise<string[][]> {
  const [file] = await Promise.all([p.waitForEvent('download'), p.getByTestId('export-csv').click()]);
  const bytes = readFileSync(await file.path());
  // One UTF-8 byte order mark (the server's), never two: Excel shows a stray character for a second one.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes[3]).not.toBe(0xef);
  return Papa.parse<string[]>(bytes.toString('utf8').slice(1).trim()).data;
}

const FORMULAS = ['=HYPERLINK("http://evil.example","Click")', '+1+cmd|calc', '-2+3', '@SUM(A1:A2)', '\tTabbed', '\rReturned'];

describe('CSV exports', () => {
  it('opens every formula a visitor typed into a public form as text, and keeps their question', async () => {
    for (const [i, name] of FORMULAS.entries()) {
      const res = await fetch(`${h.server.url}/api/interests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'question', name, email: `formula${i}@example.com`, message: `=1+${i}` }),
      });
      expect(res.status).toBe(201);
    }
    await page.goto('/admin/interests');
    await expectCounter(page, `${FORMULAS.length} of ${FORMULAS.length} interests`);
    const rows = await download(page);
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Status', 'Submitted Date', 'Message']);
    // The server stores names trimmed, so the tab and CR cases are checked on the registrations below.
    const byEmail = new Map(rows.slice(1).map((r) => [r[1], r]));
    for (const [i, name] of FORMULAS.entries()) {
      const row = byEmail.get(`formula${i}@example.com`)!;
      expect(row[0], JSON.stringify(name)).toBe(/^[\t\r]/.test(name) ? name.trim() : `'${name}`);
      expect(row[5]).toBe(`'=1+${i}`);
    }
  });

  it('escapes formula-leading cells in the registrations export too, tab and carriage return included', async () => {
    const w = await seedWorkshop(h.server.deps.db);
    for (const [i, name] of FORMULAS.entries()) await insertRegistration(h.server.deps.db, w.id, { name, email: `reg${i}@example.com` });
    await page.goto('/admin/registrations');
    await expectCounter(page, `${FORMULAS.length} of ${FORMULAS.length} registrations`);
    const rows = await download(page);
    expect(rows.slice(1).map((r) => r[1]).sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
  });
});

describe('Email All', () => {
  it('covers every row of the filter, not only the 25 on the page', async () => {
    const db = h.server.deps.db;
    await db('workshop_registrations').delete();
    const w = await seedWorkshop(db, { title: 'Email All Workshop' });
    await seedRegistrations(db, w.id, 40);
    await page.goto('/admin/registrations');
    await expectCounter(page, '40 of 40 registrations');
    await expect(page.locator('[data-testid="registrations-table"] tbody tr.ant-table-row').count()).resolves.toBe(25);
    await page.getByTestId('email-all').click();
    const dialog = page.getByRole('dialog', { name: 'Email all 40 addresses' });
    await dialog.waitFor();
    const all: string[] = (await db('workshop_registrations').select('email')).map((r) => r.email);
    const href = await dialog.getByTestId('email-all-link').getAttribute('href');
    expect(new URL(href!).searchParams.get('bcc')!.split(',').sort()).toEqual([...all].sort());
    await screenshot(page, 'email-all-1440');
    await page.keyboard.press('Escape');
  });

  it('says the addresses do not fit in a mail link instead of opening a cut one, and copies them', async () => {
    const db = h.server.deps.db;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await db('workshop_interests').insert(
      Array.from({ length: 120 }, (_, i) => ({ name: `Lead ${i}`, email: `a-rather-long-address-${i}@example.com`, phone: '', message: '', source: 'interest', status: 'interested' })),
    );
    await page.goto('/admin/interests');
    await expectCounter(page, `${120 + FORMULAS.length} of ${120 + FORMULAS.length} interests`);
    await page.getByTestId('email-all').click();
    const dialog = page.getByRole('dialog', { name: 'Too many addresses for one email link' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('email-all-too-many').innerText()).toContain(`The current filter has ${120 + FORMULAS.length} addresses.`);
    expect(await dialog.getByTestId('email-all-link').count()).toBe(0);
    // The clipboard takes text only from a focused page (a loaded machine can leave the window unfocused).
    await page.bringToFront();
    await dialog.getByRole('button', { name: `Copy ${120 + FORMULAS.length} addresses` }).click();
    await page.getByText(`Copied ${120 + FORMULAS.length} addresses`).waitFor();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split(', ');
    expect(copied).toHaveLength(120 + FORMULAS.length);
    expect(copied).toContain('a-rather-long-address-119@example.com');
    await page.keyboard.press('Escape');
  });
});
