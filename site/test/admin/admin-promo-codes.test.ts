import { PROMO_MESSAGES } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, confirmPopover, navLink, screenshot, startSignedIn, type AdminHarness } from './admin-harness';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h?.stop());

const db = () => h.server.deps.db;

describe('Promo Codes screen', () => {
  it('is in the navigation; creates a code, shows the server’s message under a bad field, edits and deactivates it', async () => {
    const [w] = await db()('workshops').insert({ title: 'Promo Screen Workshop', description: '', date: new Date(Date.now() + 7 * 86_400_000), duration_hours: 2, price_usd_cents: 9900 }).returning('id');
    await navLink(page, 'Promo Codes').click();
    await page.getByRole('heading', { name: 'Promo Codes' }).waitFor();
    await expect.poll(() => page.title()).toBe('Promo Codes | NoCode Workshop Admin');
    await page.getByText('No promo codes yet').waitFor();

    await page.getByTestId('new-promo-code').click();
    const dialog = page.getByRole('dialog', { name: 'New Promo Code' });
    await dialog.getByTestId('promo-code').fill('summer20');
    await dialog.getByTestId('promo-value').fill('150');
    await dialog.getByTestId('promo-max-uses').fill('2');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(PROMO_MESSAGES.percent).waitFor();
    expect(await db()('promo_codes')).toHaveLength(0);

    await dialog.getByTestId('promo-value').fill('20');
    await chooseOption(page, dialog.getByTestId('promo-workshop'), 'Promo Screen Workshop');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Promo code created').waitFor();
    const row = page.getByTestId('promo-codes-table').getByRole('row').filter({ hasText: 'SUMMER20' });
    await row.waitFor();
    expect(await row.innerText()).toContain('20% off');
    expect(await row.innerText()).toContain('Promo Screen Workshop');
    expect(await page.getByTestId('uses-SUMMER20').innerText()).toBe('0 / 2');
    expect(await db()('promo_codes').first()).toMatchObject({ code: 'SUMMER20', kind: 'percent', value: 20, max_uses: 2, workshop_id: w.id, active: true });
    await screenshot(page, 'promo-codes');

    await row.getByRole('button', { name: 'Edit SUMMER20' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit SUMMER20' });
    expect(await edit.getByTestId('promo-code').isDisabled()).toBe(true);
    await edit.getByText('Fixed amount').click();
    await edit.getByTestId('promo-value').fill('1500');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Promo code updated').waitFor();
    await expect.poll(async () => (await db()('promo_codes').first()).kind).toBe('fixed');
    expect(await db()('promo_codes').first()).toMatchObject({ value: 1500 });
    await expect.poll(() => row.innerText()).toContain('$15.00 off');

    await page.getByTestId('active-SUMMER20').click();
    await expect.poll(async () => (await db()('promo_codes').first()).active).toBe(false);
  });

  it('shows the code and discount in the registrations list, and uses per code on the dashboard', async () => {
    const code = await db()('promo_codes').where({ code: 'SUMMER20' }).first();
    await db()('workshop_registrations').insert({ name: 'Coded Buyer', email: 'coded@example.com', phone: '9876543210', workshop_id: code.workshop_id, access_id: 'NC-PRMO2345', amount: 8400, currency: 'USD', status: 'completed', payment_method: 'paypal', payment_id: 'PAY-PROMO-1', promo_code_id: code.id, promo_code: 'SUMMER20', discount_cents: 1500 });
    await navLink(page, 'Registrations').click();
    await page.getByRole('heading', { name: 'Registration Management' }).waitFor();
    await expect.poll(() => page.getByTestId('row-promo').first().innerText()).toBe('SUMMER20 (−$15.00)');
    await page.getByTestId('registration-link').filter({ hasText: 'Coded Buyer' }).click();
    await expect.poll(() => page.getByTestId('detail-promo').innerText()).toBe('SUMMER20 ($15.00 off)');

    await navLink(page, 'Dashboard').click();
    await page.getByTestId('promo-code-uses').waitFor();
    expect(await page.getByTestId('promo-uses-SUMMER20').innerText()).toBe('1 / 2');
    expect(await page.getByTestId('promo-code-uses').innerText()).toContain('$15.00');
  });

  it('deletes a code never used; a used one offers no Delete, only its switch', async () => {
    await db()('promo_codes').insert({ code: 'UNUSED10', kind: 'percent', value: 10, active: true });
    await navLink(page, 'Promo Codes').click();
    const table = page.getByTestId('promo-codes-table');
    const unused = table.getByRole('row').filter({ hasText: 'UNUSED10' });
    await unused.waitFor();
    // SUMMER20 was used by a booking: it stays.
    expect(await page.getByTestId('delete-SUMMER20').count()).toBe(0);
    await confirmPopover(page, page.getByTestId('delete-UNUSED10'), 'Delete', 'Delete UNUSED10?');
    await page.getByText('UNUSED10 deleted').waitFor();
    await unused.waitFor({ state: 'detached' });
    expect(await db()('promo_codes').where({ code: 'UNUSED10' }).first()).toBeUndefined();
    expect(await db()('promo_codes').where({ code: 'SUMMER20' }).first()).toBeDefined();
    await navLink(page, 'Activity').click();
    await page.getByText('Deleted a promo code').first().waitFor();
  });
});
