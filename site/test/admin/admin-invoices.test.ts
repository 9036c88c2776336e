import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal } from '../../../server/test/payments/booking-flows';
import { pdfImages, pdfText } from '../../../server/test/invoices/pdf-tools';
import { png } from '../../../server/test/invoices/png';
import { createWorkshop, waitFor } from '../../../server/test/payments/payments-helpers';
import { adminToken, client, type TestServerHandle } from '../../../server/test/support/test-server';
import { navLink, newContext, screenshot, signIn, startSignedIn, tableRows, type AdminHarness } from './admin-harness';

let h: AdminHarness;
let page: Page;
let api: TestServerHandle;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
  const token = await adminToken(h.server, { email: 'api-invoices@test.local', password: 'invoices api password' });
  api = { server: h.server, api: client(h.server.url), db: h.server.deps.db, token };
});
afterAll(() => h.stop());

const rows = () => tableRows(page, 'invoices-table');
/** The row of one document (its number is its link; a credit note's row names the invoice it credits too). */
const rowOf = (number: string) => rows().filter({ has: page.getByRole('link', { name: number, exact: true }) });
const saved = async (click: () => Promise<void>) => {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
};

describe('the Invoices screen', () => {
  it('lists every document with its status and the totals, searches, checks the dates, and saves a PDF, the CSV and the ZIP', async () => {
    const w = await createWorkshop(api.db, { title: 'Invoiced Workshop', price_usd_cents: 9900 });
    await bookByCard(api, w.id, 'screen-card', { name: 'Zoë Ñúñez' });
    const globex = await bookByPaypal(api, w.id, 'screen-globex', { billing: { company: 'Globex Corporation' } });
    const reg = await api.db('workshop_registrations').where({ email: globex.email }).first('id');
    expect((await api.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: api.token, body: { amount_cents: 2500, reason: 'goodwill' } })).status).toBe(200);
    const note = await waitFor(async () => (await api.db('invoices').where({ kind: 'credit_note' }).first('number')) as { number: string } | undefined, 30_000);
    const credited = await api.db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).first('number');

    await navLink(page, 'Invoices').click();
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.getByTestId('card-Invoiced').innerText()).toContain('$198.00');
    expect(await page.getByTestId('card-Credited').innerText()).toContain('$25.00');
    expect(await page.getByTestId('card-Net').innerText()).toContain('$173.00');
    const first = await rows().first().innerText();
    expect(first).toContain(note.number);
    expect(first).toContain(`Credits ${credited.number}`);
    expect(first).toContain('-$25.00');
    expect(await rowOf(credited.number).innerText()).toContain('Credited in part');
    await screenshot(page, 'admin-invoices-1440');

    await page.getByLabel('Search invoices').fill('globex');
    await page.getByLabel('Search invoices').press('Enter');
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByLabel('Search invoices').fill('');
    await page.getByLabel('Search invoices').press('Enter');
    await expect.poll(() => rows().count()).toBe(3);

    await page.getByTestId('invoices-from').fill('2099-01-02');
    await page.getByTestId('invoices-to').fill('2099-01-01');
    await expect.poll(() => page.getByTestId('invoices-range-error').innerText()).toContain('From must be on or before To');
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    await page.getByTestId('invoices-from').fill('');
    await page.getByTestId('invoices-to').fill('');
    await expect.poll(() => page.getByTestId('invoices-range-error').count()).toBe(0);

    const pdf = await saved(() => rowOf(credited.number).getByRole('button', { name: `Save ${credited.number} as PDF` }).click());
    expect(pdf.name).toBe(`${credited.number}.pdf`);
    expect(await pdfText(pdf.bytes)).toContain('Globex Corporation');

    const csv = await saved(() => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.name).toBe('invoices_start_to_now.csv');
    const parsed = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8').replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.data.map((r) => r.Total).sort()).toEqual(['-25.00', '99.00', '99.00']);
    expect(parsed.data.map((r) => r.Buyer)).toContain('Zoë Ñúñez');

    const zip = await saved(() => page.getByRole('button', { name: 'Download PDFs (ZIP)' }).click());
    expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual((await api.db('invoices').orderBy('number').pluck('number')).map((n: string) => `${n}.pdf`).sort());
  }, 120_000);

  it('reads on a phone: the table scrolls inside its card, the page does not', async () => {
    const context = await newContext(h, { width: 375, height: 812 });
    const phone = await context.newPage();
    await signIn(phone);
    await phone.goto('/admin/invoices');
    await phone.getByTestId('invoices-table').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'admin-invoices-375');
    await context.close();
  }, 60_000);

  it('an owner sets the seller’s details in Settings, checked field by field; the next order’s invoice is a tax invoice with them', async () => {
    await navLink(page, 'Settings').click();
    const section = page.getByTestId('section-invoicing');
    await section.getByLabel('Legal name').waitFor();
    expect(await section.innerText()).toContain('Until the legal name and address are set, documents are titled "Receipt".');
    await section.getByLabel('Legal name').fill('NoCode Workshops Pvt Ltd');
    await section.getByLabel('Address').fill('12 MG Road\nBengaluru 560001');
    await section.getByLabel('Tax ID label').fill('GSTIN');
    await section.getByLabel('Tax ID', { exact: true }).fill('29ABCDE1234F1Z5');
    await section.getByLabel('Invoice prefix').fill('INV 2026!');
    await section.getByLabel('Tax label').fill('IGST');
    await section.getByLabel('Tax rate (%)').fill('18');
    const logo = png(60, 24, [91, 75, 245]);
    await section.getByTestId('invoicing-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(logo.split(',')[1], 'base64') });
    await section.getByRole('img', { name: 'Invoice logo' }).waitFor();
    await section.getByRole('button', { name: 'Save Invoicing Details' }).click();
    await section.getByText('Invoice prefix may use letters, digits and dashes only').waitFor();
    expect((await api.api('GET', '/api/admin/invoicing', { token: api.token })).body.legal_name).toBe('');
    await section.getByLabel('Invoice prefix').fill('TAX-');
    await section.getByRole('button', { name: 'Save Invoicing Details' }).click();
    await page.getByText('Invoicing details saved').waitFor();
    await screenshot(page, 'admin-settings-invoicing-1440');
    expect((await api.api('GET', '/api/admin/invoicing', { token: api.token })).body).toMatchObject({ legal_name: 'NoCode Workshops Pvt Ltd', address: '12 MG Road\nBengaluru 560001', invoice_prefix: 'TAX-', tax_rate_percent: 18, logo });

    const w = await createWorkshop(api.db, { price_usd_cents: 11800 });
    const b = await bookByPaypal(api, w.id, 'settings-tax-invoice');
    const issued = await api.db('invoices').whereRaw(`document->'buyer'->>'email' = ?`, [b.email]).first('number', 'document', 'tax_cents');
    expect([issued.number.startsWith('TAX-'), issued.document.title, issued.tax_cents]).toEqual([true, 'Tax invoice', 1800]);
    const [file] = await Promise.all([page.waitForEvent('download'), (async () => {
      await navLink(page, 'Invoices').click();
      await rowOf(issued.number).getByRole('button', { name: `Save ${issued.number} as PDF` }).click();
    })()]);
    expect(await pdfImages(await readFile((await file.path())!))).toEqual([{ width: 60, height: 24 }]);
  }, 60_000);
});
