import { PROMO_MESSAGES } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWorkshop, screenshot, startSite, type Site } from './site-harness';

/** The modal's "Apply code": the server's price on screen, then charged exactly, or booked free. */
describe('promo codes in the registration modal (Chromium)', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());
  beforeEach(async () => {
    const db = site.server.deps.db;
    await db('workshop_registrations').del();
    await db('revive').del().catch(() => {});
    await db('promo_codes').del();
    await db('workshops').del();
  });

  const addCode = (values: Record<string, unknown>) => site.server.deps.db('promo_codes').insert({ kind: 'percent', value: 10, active: true, ...values });

  async function openFilled(name: string, email: string): Promise<{ page: Page; dialog: ReturnType<Page['getByRole']> }> {
    const page = await site.page(1280);
    await page.goto(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
    await page.getByTestId('hero-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Full Name').fill(name);
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByLabel('Phone Number').fill('9876543210');
    return { page, dialog };
  }

  it('shows the new price after Apply code, and PayPal is asked for exactly that price', async () => {
    await addWorkshop(site, { title: 'Promo Workshop', price_usd_cents: 9900 });
    await addCode({ code: 'SPRING25', kind: 'percent', value: 25 });
    const { page, dialog } = await openFilled('Maya Rao', 'maya@example.com');
    expect(await dialog.getByTestId('pay-button').innerText()).toBe('Pay with PayPal - $99');

    await dialog.getByLabel('Promo code (optional)').fill('nosuchcode');
    await dialog.getByTestId('promo-apply').click();
    await expect.poll(() => dialog.getByTestId('promo-error').innerText()).toBe(PROMO_MESSAGES.unknown);

    await dialog.getByLabel('Promo code (optional)').fill('spring25');
    await dialog.getByTestId('promo-apply').click();
    await dialog.getByTestId('promo-applied').waitFor();
    expect(await dialog.getByTestId('promo-applied').innerText()).toContain('Code SPRING25 applied: $99.00 $74.25 (you save $24.75)');
    expect(await dialog.getByTestId('pay-button').innerText()).toBe('Pay with PayPal - $74.25');
    await screenshot(page, 'registration-promo-applied-1280');

    await dialog.getByTestId('pay-button').click();
    await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
    const token = new URL(page.url()).searchParams.get('token');
    const order = await site.server.deps.db('provider_sandbox.paypal_orders').where({ id: token }).first();
    expect(order.amount).toBe('74.25');
    await page.getByTestId('sandbox-paypal-approve').click();
    await page.waitForURL(/\/thank-you\?payment=success/);
    await page.getByRole('dialog', { name: 'Booking Confirmed!' }).waitFor();
    const reg = await site.server.deps.db('workshop_registrations').where({ email: 'maya@example.com' }).first();
    expect(reg).toMatchObject({ status: 'completed', amount: 7425, promo_code: 'SPRING25', discount_cents: 2475 });
  });

  it('says why an expired code cannot be used, and keeps the full price', async () => {
    await addWorkshop(site, { price_usd_cents: 9900 });
    await addCode({ code: 'OLDNEWS', starts_at: new Date(Date.now() - 7_200_000), ends_at: new Date(Date.now() - 3_600_000) });
    const { dialog } = await openFilled('Old News', 'old@example.com');
    await dialog.getByLabel('Promo code (optional)').fill('OLDNEWS');
    await dialog.getByLabel('Promo code (optional)').press('Enter');
    await expect.poll(() => dialog.getByTestId('promo-error').innerText()).toBe(PROMO_MESSAGES.expired);
    expect(await dialog.getByTestId('pay-button').innerText()).toBe('Pay with PayPal - $99');
    expect(await site.server.deps.db('workshop_registrations')).toHaveLength(0);
  });

  it('a 100% code books the seat with no payment window and lands on the confirmed thank-you page', async () => {
    await addWorkshop(site, { title: 'Free Seat Workshop', price_usd_cents: 9900 });
    await addCode({ code: 'FREESEAT', kind: 'percent', value: 100 });
    const { page, dialog } = await openFilled('Zoe Free', 'zoe@example.com');
    await dialog.getByLabel('Promo code (optional)').fill('FREESEAT');
    await dialog.getByTestId('promo-apply').click();
    await dialog.getByTestId('promo-applied').waitFor();
    expect(await dialog.getByText('Payment method').count()).toBe(0);
    const book = dialog.getByTestId('pay-button');
    expect(await book.innerText()).toBe('Book my free seat');
    await book.click();
    await page.waitForURL(/\/thank-you\?payment=success&accessId=/);
    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await confirmed.waitFor();
    const reg = await site.server.deps.db('workshop_registrations').where({ email: 'zoe@example.com' }).first();
    expect(reg).toMatchObject({ status: 'completed', amount: 0, payment_method: null, promo_code: 'FREESEAT' });
    expect(await confirmed.getByTestId('booking-access-id').innerText()).toBe(reg.access_id);
    expect(await confirmed.innerText()).not.toContain('Completed via');
  });
});
