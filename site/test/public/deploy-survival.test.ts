import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, screenshot, startSite, type Site } from './site-harness';

/**
 * A release replaces the site's chunks: a visitor whose page was loaded before it asks for code
 * that is gone. Here the chunks are made to answer 404, as they would after a deploy.
 */
describe('a page loaded before a release', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site, { title: 'Deployed Workshop', price_usd_cents: 9900 });
  });
  afterAll(() => site?.stop());

  async function chunksGone(page: Page): Promise<() => Promise<void>> {
    const gone = '**/assets/*.js';
    await page.route(gone, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' }));
    return () => page.unroute(gone);
  }

  it('offers a reload where a page whose code is gone would be, and the reload shows the page', async () => {
    const page = await site.page(1440);
    await page.goto(site.url('/'));
    const back = await chunksGone(page);
    await page.getByRole('banner').getByRole('link', { name: "What You'll Learn" }).click();
    const notice = page.getByTestId('update-notice');
    await notice.waitFor();
    expect(await notice.getByText('A new version is available').count()).toBe(1);
    // The header and footer stay: the visitor is still on the site, not on a blank page.
    expect(await page.getByRole('banner').count()).toBe(1);
    await screenshot(page, 'update-notice-1440');
    await back();
    await notice.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: "What You'll Learn", level: 1 }).waitFor();
    expect(await page.getByTestId('update-notice').count()).toBe(0);
  });

  it('says so over the page when the registration dialog cannot be fetched, and the page stays usable', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/'));
    await back(page);
    const notice = page.getByTestId('update-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('A new version is available');
    const box = (await notice.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.getByTestId('hero-workshop').isVisible()).toBe(true);
    await screenshot(page, 'update-notice-dialog-375');
  });

  async function back(page: Page) {
    await chunksGone(page);
    await page.getByTestId('hero-register').click();
  }
});

describe('a page restored from the back-forward cache', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it('asks for the live data again at once: a price changed meanwhile is shown', async () => {
    const workshop = await addWorkshop(site, { title: 'Cached Workshop', price_usd_cents: 9900 });
    const page = await site.page(1280);
    await page.goto(site.url('/'));
    await expect.poll(() => page.getByTestId('hero-price').innerText()).toContain('$99');
    await site.server.deps.db('workshops').where({ id: workshop.id }).update({ price_usd_cents: 7900 });
    // What the browser fires when it shows the page again from its back-forward cache (the
    // harness's Chromium runs with that cache off, as Playwright launches it).
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await expect.poll(() => page.getByTestId('hero-price').innerText()).toContain('$79');
  });

});
