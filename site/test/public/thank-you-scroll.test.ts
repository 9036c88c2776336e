import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, screenshot, startSite, type Site } from './site-harness';

/**
 * Issue 21, 10: a buyer who registers from the bottom of a long page and pays by card lands on
 * the thank-you page at its top, its heading in sight, after "Got it!" (a smooth scroll to the
 * top was stopped halfway by the booking dialog's scroll lock).
 */
describe('the thank-you page after a card payment started low on a long page', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site, { title: 'Scrolled Workshop', price_usd_cents: 4900 });
  });
  afterAll(() => site?.stop());

  it.each([375, 1280])('starts at its top at %i px', async (width) => {
    const page = await site.page(width);
    await page.goto(site.url('/why-no-code'));
    const register = page.locator('.cta-band').getByRole('button', { name: 'Register Now →' });
    await register.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await register.click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Full Name').waitFor();
    // The one open workshop is chosen for the buyer; with several, they pick it.
    const choice = dialog.getByRole('radio', { name: /Scrolled Workshop/ });
    if (await choice.count()) await choice.check();
    await dialog.getByLabel('Full Name').fill('Scroll Tester');
    await dialog.getByLabel('Email Address').fill(`scroll-${width}@example.com`);
    await dialog.getByLabel('Phone Number').fill('9123456780');
    await dialog.getByLabel('Razorpay').check();
    await dialog.getByTestId('pay-button').click();
    await page.getByTestId('sandbox-razorpay-pay').click();
    await page.waitForURL(/\/thank-you\?payment=success&method=razorpay/);
    const booking = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await booking.getByRole('button', { name: 'Got it!' }).click();
    await booking.waitFor({ state: 'hidden' });
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const heading = (await page.getByRole('main').getByRole('heading', { level: 1 }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(0);
    expect(heading.y + heading.height).toBeLessThanOrEqual(width < 600 ? 812 : 860);
    await screenshot(page, `thank-you-top-${width}`);
  });
});
