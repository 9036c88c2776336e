import { formatPrice } from '@workshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, viewportShot, type Site } from './site-harness';

const DAY = 86_400_000;

/** Which workshop the registration dialog starts with, and how its choices read on a phone. */
describe('choosing a workshop in the registration dialog', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site, { title: 'No-Code App Development Workshop', price_usd_cents: 9900, date: new Date(Date.now() + 7 * DAY) });
    await addWorkshop(site, { title: 'Saturday Small-Group Build Session: Automations, Payments and a Live Deployment', price_usd_cents: 14950, date: new Date(Date.now() + 14 * DAY) });
    await addWorkshop(site, { title: 'Closed Deep Dive', price_usd_cents: 12900, registration_open: false, date: new Date(Date.now() + 21 * DAY) });
  });
  afterAll(() => site?.stop());

  const checkedTitle = (dialog: ReturnType<import('playwright-core').Page['getByRole']>) =>
    dialog.locator('[data-testid="workshop-choice"]:has(input:checked) .choice-title').innerText();

  it("starts with the workshop whose 'Register Now →' was clicked", async () => {
    const page = await site.page(1280);
    await page.goto(site.url('/'));
    const hero = page.getByTestId('hero-workshop');
    await hero.getByRole('button', { name: 'Register Now →' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await expect.poll(() => checkedTitle(dialog)).toBe(await hero.getByRole('heading', { level: 2 }).innerText());
    expect(await dialog.getByTestId('pay-button').innerText()).toBe('Pay with PayPal - $99');

    // The pricing page's Register Now chooses the workshop it prices.
    await page.keyboard.press('Escape');
    await page.goto(site.url('/pricing'));
    await page.getByTestId('pricing-register').click();
    await expect.poll(() => checkedTitle(dialog)).toBe('No-Code App Development Workshop');

    // The header's Register Now belongs to no workshop: nothing is chosen for the visitor.
    await page.keyboard.press('Escape');
    await page.getByTestId('header-register').click();
    await dialog.getByTestId('workshop-choices').waitFor();
    expect(await dialog.locator('[data-testid="workshop-choice"] input:checked').count()).toBe(0);
  });

  it('shows every choice with its title, date and price whole on a phone', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/'));
    await page.getByTestId('header-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    const choices = dialog.getByTestId('workshop-choice');
    await expect.poll(() => choices.count()).toBe(3);
    const texts = await choices.allInnerTexts();
    expect(texts[1]).toContain('Saturday Small-Group Build Session: Automations, Payments and a Live Deployment');
    expect(texts[1]).toContain(formatPrice(14950));
    expect(texts[1]).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    expect(texts[2]).toContain('Registration Closed');
    // Nothing is cut: no choice is wider than the dialog, no line runs past its box.
    const clipped = await choices.evaluateAll((els) =>
      els.flatMap((el) => [el, ...el.querySelectorAll('*')]).filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth).map((e) => e.className),
    );
    expect(clipped).toEqual([]);
    await dialog.getByRole('radio', { name: /Saturday Small-Group/ }).check();
    expect(await dialog.getByTestId('pay-button').innerText()).toBe('Pay with PayPal - $149.50');
    await viewportShot(page, 'registration-choices-375');
  });

  it('says under the registration button what registering accepts, with the Terms a tab away', async () => {
    for (const width of [375, 1440]) {
      const page = await site.page(width);
      await page.goto(site.url('/'));
      await page.getByTestId('hero-workshop').getByRole('button', { name: 'Register Now →' }).click();
      const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
      const notice = dialog.getByTestId('terms-notice');
      expect(await notice.innerText()).toBe("By registering you accept the Terms and confirm you are 18 or older, or 13-17 with a parent's or guardian's consent.");
      // Right under the button, so it is read before paying.
      expect(await dialog.locator('[data-testid="pay-button"] + p').getAttribute('data-testid')).toBe('terms-notice');
      const terms = notice.getByRole('link', { name: 'Terms' });
      expect(await terms.getAttribute('href')).toBe('/terms');
      // The form stays filled in: the Terms open in a new tab.
      const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe('/terms');
      await tab.close();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await notice.scrollIntoViewIfNeeded();
      await viewportShot(page, `registration-terms-notice-${width}`);
      await page.close();
    }
  });
});
