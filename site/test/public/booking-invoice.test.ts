import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookByCard, refundsSettled } from '../../../server/test/payments/booking-flows';
import { pdfText } from '../../../server/test/invoices/pdf-tools';
import { createWorkshop, waitFor } from '../../../server/test/payments/payments-helpers';
import { adminToken, client, type TestServerHandle } from '../../../server/test/support/test-server';
import { screenshot, startSite, type Site } from './site-harness';

/** Issue 25: the buyer downloads the invoice, and later the credit note of a cancellation, from the booking page. */
describe('invoices on the booking page in Chromium', () => {
  let site: Site;
  let h: TestServerHandle;
  beforeAll(async () => {
    site = await startSite({ JOB_POLL_INTERVAL_MS: '50' });
    const token = await adminToken(site.server);
    h = { server: site.server, api: client(site.server.url), db: site.server.deps.db, token };
  });
  afterAll(() => site?.stop());

  it('at 375 px: the receipt, then the credit note of the refund the cancellation gave, each a PDF that reads back', async () => {
    const w = await createWorkshop(h.db, { title: 'Invoice Workshop', price_usd_cents: 9900 });
    const b = await bookByCard(h, w.id, 'page-invoice');
    const invoice = await h.db('invoices').where({ kind: 'invoice' }).first('number');
    const page = await site.page(375);
    await page.goto(site.url(`/booking/${b.token}`));
    const docs = page.getByTestId('booking-documents');
    await docs.waitFor();
    expect(await docs.innerText()).toContain(`Receipt ${invoice.number} (PDF)`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await docs.scrollIntoViewIfNeeded();
    await screenshot(page, 'booking-invoice-375');
    const [file] = await Promise.all([page.waitForEvent('download'), docs.getByRole('link', { name: `Receipt ${invoice.number} (PDF)` }).click()]);
    expect(file.suggestedFilename()).toBe(`${invoice.number}.pdf`);
    const text = await pdfText(await readFile((await file.path())!));
    expect(text).toContain(`Receipt Number: ${invoice.number}`);
    expect(text).toContain('Total (USD) $99.00');

    // The company name was wrong: corrected here, a new invoice replaces the old (credited in full).
    await docs.getByRole('button', { name: 'Correct the company details' }).click();
    const form = page.getByTestId('billing-correction');
    await form.getByLabel('Company name').fill('Corrected Company Ltd');
    await form.getByRole('button', { name: 'Issue the corrected invoice' }).click();
    const reissued = await waitFor(async () => (await h.db('invoices').where({ kind: 'invoice' }).whereRaw(`document->>'replaces' = ?`, [invoice.number]).first('number')) as { number: string } | undefined);
    await expect.poll(() => docs.innerText()).toContain(`Receipt ${reissued.number} (PDF)`);
    expect(await docs.innerText()).toContain(`cancels invoice ${invoice.number} to correct its details`);
    await screenshot(page, 'booking-invoice-corrected-375');
    const [corrected] = await Promise.all([page.waitForEvent('download'), docs.getByRole('link', { name: `Receipt ${reissued.number} (PDF)` }).click()]);
    expect(await pdfText(await readFile((await corrected.path())!))).toContain('Corrected Company Ltd');

    await page.getByTestId('booking-cancel').click();
    await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await expect.poll(() => page.getByText(/Your booking · Cancelled/).count()).toBe(1);
    await refundsSettled(h);
    const note = await waitFor(async () => (await h.db('invoices').where({ kind: 'credit_note' }).where('refund_key', 'like', 'refund:%').first('number', 'total_cents')) as { number: string; total_cents: number } | undefined);
    await page.reload();
    await expect.poll(() => docs.innerText()).toContain(`Credit note ${note.number} (PDF)`);
    const [credit] = await Promise.all([page.waitForEvent('download'), docs.getByRole('link', { name: `Credit note ${note.number} (PDF)` }).click()]);
    const creditText = await pdfText(await readFile((await credit.path())!));
    expect(creditText).toContain(`Credits invoice ${reissued.number}`);
    expect(creditText).toContain(`Total credited (USD) $${(note.total_cents / 100).toFixed(2)}`);
  }, 90_000);
});
