import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, viewportShot, type Site } from './site-harness';

const ROUTES = ['/', '/about', '/pricing', '/contact', '/terms', '/privacy', '/refund-policy', '/thank-you', '/learn', '/why-no-code', '/who-should-attend', '/platform', '/no-such-page'];

/**
 * What sticks out past the right edge of the window: the page scrolling sideways, or content cut
 * off by a box that hides its overflow. Scrollers meant to scroll (the skills carousel) and the
 * decorative marquee are fine.
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const W = document.documentElement.clientWidth;
    const scroller = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return true;
      return false;
    };
    const sticking = [...document.querySelectorAll('body *')]
      .filter((e) => !e.closest('[aria-hidden="true"], .sr-only') && !scroller(e))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > W + 1;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]} ends at ${Math.round(e.getBoundingClientRect().right)}px`);
    return { scrollWidth: document.documentElement.scrollWidth, sticking: sticking.slice(0, 5) };
  });
}

describe('reflow at 320px (WCAG 1.4.10)', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site, { title: 'No-Code App Development Workshop', max_participants: 20 });
    await addWorkshop(site, { title: 'Saturday Small-Group Build Session', date: new Date(Date.now() + 21 * 86_400_000) });
  });
  afterAll(() => site?.stop());

  it('no page scrolls sideways or cuts content at 320px, and the menu button is whole', async () => {
    const page = await site.page(320);
    for (const path of ROUTES) {
      await page.goto(site.url(path));
      await page.getByRole('contentinfo').waitFor();
      if (path === '/') await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
      expect({ path, ...(await overflow(page)) }).toEqual({ path, scrollWidth: 320, sticking: [] });
      const menu = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
      expect(menu.x + menu.width, path).toBeLessThanOrEqual(320 - 8);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Who Should Attend' }).click();
    await page.waitForURL(site.url('/who-should-attend'));
  });

  it('keeps the registration dialog within 320px', async () => {
    const page = await site.page(320);
    await page.goto(site.url('/'));
    await page.getByTestId('header-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Full Name').waitFor();
    expect(await overflow(page)).toEqual({ scrollWidth: 320, sticking: [] });
    // A team of three: the stepper and a name and email field per extra seat fit too.
    await dialog.getByRole('button', { name: 'One seat more' }).click();
    await dialog.getByRole('button', { name: 'One seat more' }).click();
    await dialog.getByLabel('Seat 3 email').waitFor();
    expect(await overflow(page)).toEqual({ scrollWidth: 320, sticking: [] });
    await viewportShot(page, 'registration-team-320');
  });
});
