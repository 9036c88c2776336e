import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, screenshot, startSite, toastTexts, type Site } from './site-harness';

/** Issue 25, point 2: a company's details for the invoice, folded away in the registration dialog. */
describe('billing details in the registration dialog', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it('at 375 px: folded until asked for, a wrong GSTIN refused before paying, then printed on the card order', async () => {
    const db = site.server.deps.db;
    const seller = { legal_name: 'NoCode Workshops Pvt Ltd', address: '12 MG Road, Bengaluru', tax_id_label: 'GSTIN', tax_id: '29ABCDE1234F1Z5', invoice_prefix: 'INV-', credit_note_prefix: 'CN-', tax_rate_percent: 18, tax_label: 'IGST', footer: '', paper: 'A4' };
    await db('admin_settings').insert({ setting_key: 'invoicing', setting_value: JSON.stringify(seller) }).onConflict('setting_key').merge();
    await addWorkshop(site, { title: 'Team Build', price_usd_cents: 4900 });
    const page = await site.page(375);
    await page.goto(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
    await page.getByTestId('hero-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Full Name').fill('Meera Rao');
    await dialog.getByLabel('Email Address').fill('meera@example.com');
    await dialog.getByLabel('Phone Number').fill('9123456780');
    await dialog.getByLabel('Razorpay').check();

    const company = dialog.getByLabel('Company name');
    expect(await company.isVisible()).toBe(false);
    await dialog.getByText('Need an invoice for a company?').click();
    await company.fill('Rao Analytics LLP');
    await dialog.getByLabel('Billing address').fill('7 Residency Road\nBengaluru 560025');
    // The seller's label names the field, with the pattern it follows.
    await dialog.getByLabel('GSTIN').fill('29ABC');
    expect(await dialog.innerText()).toContain('15 characters, for example 29ABCDE1234F1Z5');
    const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noHorizontalScroll).toBe(true);
    await screenshot(page, 'registration-billing-375');
    await dialog.getByTestId('pay-button').click();
    await expect.poll(async () => (await toastTexts(page)).join(' ')).toContain('Enter a valid 15-character GSTIN, for example 29ABCDE1234F1Z5');
    expect(await db('workshop_registrations').count('* as n').first()).toEqual({ n: 0 });

    await dialog.getByLabel('GSTIN').fill('29aaaaa1111a1z5');
    await dialog.getByTestId('pay-button').click();
    await page.getByTestId('sandbox-razorpay-pay').click();
    await page.waitForURL(/\/thank-you\?payment=success&method=razorpay/);
    const reg = await db('workshop_registrations').where({ email: 'meera@example.com' }).first('id', 'status', 'billing');
    expect(reg).toMatchObject({ status: 'completed', billing: { company: 'Rao Analytics LLP', address: '7 Residency Road\nBengaluru 560025', tax_id: '29AAAAA1111A1Z5' } });
    const invoice = await db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).first('document');
    expect(invoice.document.buyer.company).toBe('Rao Analytics LLP');
  });
});
