import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addWorkshop, screenshot, startSite, toastTexts, type Site } from './site-harness';

/** Registration and payment, end to end through the provider sandbox (no credentials set). */
describe('registration and checkout in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());
  beforeEach(async () => {
    await site.server.deps.db('workshop_registrations').del();
    await site.server.deps.db('revive').del().catch(() => {});
    await site.server.deps.db('workshops').del();
  });

  /** Opens the dialog from the hero's Register Now (its workshop chosen) or the header's (none chosen). */
  async function openRegistration(width = 1280, via: 'hero-register' | 'header-register' = 'hero-register'): Promise<{ page: Page; dialog: ReturnType<Page['getByRole']> }> {
    const page = await site.page(width);
    await page.goto(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
    await page.getByTestId(via).click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Full Name').waitFor();
    return { page, dialog };
  }

  async function registrations() {
    return site.server.deps.db('workshop_registrations').select('name', 'email', 'phone', 'status', 'status_reason', 'workshop_id', 'payment_method', 'amount', 'access_id');
  }

  it('registers and pays through the PayPal sandbox, landing on the thank-you page with the booking confirmed', async () => {
    const w = await addWorkshop(site, { title: 'Build Your First App', price_usd_cents: 9900 });
    const { page, dialog } = await openRegistration();
    expect(await dialog.innerText()).toContain('Register for our exclusive workshop - Starting from $99!');
    expect(await dialog.innerText()).toContain('Build Your First App');
    await dialog.getByLabel('Full Name').fill('Aarav Patel');
    await dialog.getByLabel('Email Address').fill('aarav@example.com');
    await dialog.getByLabel('Phone Number').pressSequentially('98-765 43210 77');
    expect(await dialog.getByLabel('Phone Number').inputValue()).toBe('9876543210');
    await screenshot(page, 'registration-dialog-1280');
    const pay = dialog.getByTestId('pay-button');
    expect(await pay.innerText()).toBe('Pay with PayPal - $99');
    await pay.click();
    await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
    await page.getByTestId('sandbox-paypal-approve').click();
    await page.waitForURL(/\/thank-you\?payment=success&method=paypal&accessId=/);

    const booking = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await booking.waitFor();
    const [row] = await registrations();
    expect(row).toMatchObject({ name: 'Aarav Patel', email: 'aarav@example.com', phone: '9876543210', status: 'completed', payment_method: 'paypal', amount: 9900 });
    expect(await booking.getByTestId('booking-access-id').innerText()).toBe(row.access_id);
    expect(await booking.getByTestId('booking-name').innerText()).toBe('Aarav Patel');
    expect(await booking.getByTestId('booking-email').innerText()).toBe('aarav@example.com');
    await expect.poll(() => booking.getByTestId('booking-workshop').innerText()).toBe('Build Your First App');
    expect(await booking.innerText()).toContain('Completed via PayPal');
    expect(await page.getByTestId('confetti').locator('span').count()).toBe(50);
    await screenshot(page, 'thank-you-confirmed-1280');
    await booking.getByRole('button', { name: 'Got it!' }).click();
    const calendar = await page.getByRole('link', { name: 'Add to Calendar' }).getAttribute('href');
    expect(calendar).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(calendar).toContain('location=Online');
    expect(w.id).toBeTruthy();
  });

  it('cancelling at PayPal comes back with the Payment Cancelled toast and the interest form open', async () => {
    await addWorkshop(site);
    const { page, dialog } = await openRegistration();
    await dialog.getByLabel('Full Name').fill('Liam Chen');
    await dialog.getByLabel('Email Address').fill('liam@example.com');
    await dialog.getByLabel('Phone Number').fill('9876543210');
    await dialog.getByTestId('pay-button').click();
    await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
    await page.getByTestId('sandbox-paypal-cancel').click();
    await page.getByRole('dialog', { name: 'Facing issues?' }).waitFor();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Payment Cancelled'));
    await expect.poll(() => page.url()).toBe(site.url('/'));
    expect((await registrations()).map((r) => r.status)).not.toContain('completed');
  });

  it('checks the card flow in the SPEC order, then pays through the Razorpay sandbox', async () => {
    await addWorkshop(site, { title: 'Open Workshop', price_usd_cents: 4900 });
    await addWorkshop(site, { title: 'Closed Workshop', registration_open: false, date: new Date(Date.now() + 30 * 86_400_000) });
    const { page, dialog } = await openRegistration(375, 'header-register');
    expect(await dialog.innerText()).toContain('Register for our exclusive workshops - Starting from $49!');
    await dialog.getByLabel('Razorpay').check();
    const pay = dialog.getByTestId('pay-button');
    const lastToast = async () => (await toastTexts(page)).at(-1) ?? '';

    await pay.click();
    await expect.poll(lastToast).toContain('Please select a workshop.');
    await dialog.getByRole('radio', { name: /Closed Workshop/ }).check();
    await pay.click();
    await expect.poll(lastToast).toContain('Registration for this workshop is currently closed.');
    await dialog.getByRole('radio', { name: /Open Workshop/ }).check();
    await pay.click();
    await expect.poll(lastToast).toContain('Please fill out all fields.');
    await dialog.getByLabel('Full Name').fill('Ananya Iyer');
    await dialog.getByLabel('Email Address').fill('ananya@example.com');
    await dialog.getByLabel('Phone Number').fill('1234567890');
    await pay.click();
    await expect.poll(lastToast).toMatch(/Invalid Phone Number\s+Please enter a valid 10-digit Indian mobile number\./);
    expect(await registrations()).toEqual([]);

    await dialog.getByLabel('Phone Number').fill('9123456780');
    expect(await pay.innerText()).toBe('Pay with Razorpay - $49');
    await pay.click();
    await page.getByTestId('sandbox-razorpay-pay').click();
    await page.waitForURL(/\/thank-you\?payment=success&method=razorpay/);
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Registration Successful!'));
    const booking = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await expect.poll(() => booking.getByTestId('booking-workshop').innerText()).toBe('Open Workshop');
    expect(await booking.innerText()).toContain('Completed via Razorpay');
    const rows = await registrations();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ananya Iyer', status: 'completed', payment_method: 'razorpay', amount: 4900 });
    expect(await booking.getByTestId('booking-access-id').innerText()).toBe(rows[0].access_id);
    await screenshot(page, 'thank-you-confirmed-375');
  });

  it('closing the card window lets the seat go at once', async () => {
    const w = await addWorkshop(site, { title: 'One Seat Left', max_participants: 1 });
    const { page, dialog } = await openRegistration(1024);
    await dialog.getByLabel('Razorpay').check();
    await dialog.getByLabel('Full Name').fill('Closing Chitra');
    await dialog.getByLabel('Email Address').fill('chitra@example.com');
    await dialog.getByLabel('Phone Number').fill('9123456781');
    await dialog.getByTestId('pay-button').click();
    await page.getByTestId('sandbox-razorpay-modal').waitFor();
    expect(await registrations()).toMatchObject([{ status: 'pending', workshop_id: w.id }]);
    await page.getByTestId('sandbox-razorpay-cancel').click();
    await expect.poll(async () => (await registrations())[0]).toMatchObject({ status: 'failed', status_reason: 'cancelled' });
    const seats = (await (await fetch(site.url('/api/workshops'))).json()).find((x: { id: string }) => x.id === w.id).seats_left;
    expect(seats).toBe(1);
  });

  it('shows why a full workshop cannot be booked', async () => {
    const w = await addWorkshop(site, { max_participants: 1 });
    await site.server.deps.db('workshop_registrations').insert({
      name: 'Early Bird', email: 'early@example.com', phone: '9876543210', workshop_id: w.id, access_id: 'NC-EARLYB1D',
      amount: 9900, currency: 'USD', payment_method: 'paypal', payment_id: 'CAPTURE-EARLY-1', status: 'completed',
    });
    const page = await site.page();
    await page.goto(site.url('/'));
    const button = page.getByTestId('hero-register');
    await expect.poll(() => button.innerText()).toBe('Sold Out');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('hero-status').innerText()).toContain('every seat has been taken');
    await page.getByTestId('header-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await expect.poll(() => dialog.getByTestId('sold-out-notice').innerText()).toBe('This workshop is full: its only seat has been taken, so it cannot be booked. Please choose another date.');
    expect(await dialog.getByTestId('pay-button').isDisabled()).toBe(true);
  });
});
