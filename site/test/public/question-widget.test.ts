import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, viewportShot, type Site } from './site-harness';

/** Whether the floating button is drawn (not stepped aside) over the element. */
function drawnOver(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const toggle = document.querySelector('[data-testid="question-toggle"]')!;
    const target = document.querySelector(sel)!;
    const a = toggle.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    const shown = Number(getComputedStyle(toggle).opacity) > 0.01;
    return shown && a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
  }, selector);
}

describe("the floating 'Have Questions?' button in Chromium", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site);
  });
  afterAll(() => site?.stop());

  it("never sits on 'Unlock Preview Video' at 1024px: the button can be clicked where it is", async () => {
    const page = await site.page(1024);
    await page.goto(site.url('/'));
    const unlock = page.getByRole('button', { name: 'Unlock Preview Video' });
    await unlock.waitFor();
    // Bring the button down to the corner where the floating one rests.
    await unlock.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 24));
    await page.waitForTimeout(400);
    expect(await drawnOver(page, '[data-testid="preview-gate"] button')).toBe(false);
    await viewportShot(page, 'question-widget-1024');
    // Playwright refuses to click an element another one covers.
    await unlock.click({ timeout: 3000 });
    await page.getByTestId('preview-form').waitFor();
  });

  it('never sits on the workshop card on a phone, and comes back where the spot is clear', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    let seen = 0;
    for (let y = 0; y < Math.min(height, 4000); y += 120) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      // It steps aside within a moment (one frame, then a 0.2 s slide); a loaded CI machine is given up to 2 s.
      await expect.poll(() => drawnOver(page, '[data-testid="hero-workshop"]'), { message: `scrolled to ${y}px`, timeout: 2000 }).toBe(false);
      if (await page.evaluate(() => Number(getComputedStyle(document.querySelector('[data-testid="question-toggle"]')!).opacity) > 0.99)) seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('returns focus to the button when its panel is closed with Escape', async () => {
    const page = await site.page(1280);
    await page.goto(site.url('/contact'));
    const toggle = page.getByRole('button', { name: 'Have Questions?' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('question-panel');
    await panel.getByLabel('Name').waitFor();
    await expect.poll(() => panel.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
