import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, viewportShot, type Site } from './site-harness';

const ROUTES = ['/', '/about', '/pricing', '/contact', '/terms', '/privacy', '/refund-policy', '/thank-you', '/learn', '/why-no-code', '/who-should-attend', '/platform', '/no-such-page'];

/** Headings that come more than one level below the deepest one before them (h1 then h3). */
function skippedHeadings(page: Page) {
  return page.evaluate(() => {
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => h.getClientRects().length > 0 || h.closest('.sr-only'))
      .map((h) => [Number(h.tagName[1]), (h as HTMLElement).innerText.trim()] as const);
    const skipped: string[] = [];
    let previous = 0;
    for (const [level, text] of levels) {
      if (level > previous + 1) skipped.push(`h${previous} → h${level} "${text}"`);
      previous = level;
    }
    return skipped;
  });
}

describe('content structure in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site);
  });
  afterAll(() => site?.stop());

  it('never skips a heading level on any page', async () => {
    const page = await site.page(1280);
    for (const path of ROUTES) {
      await page.goto(site.url(path));
      await page.getByRole('contentinfo').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (path === '/') await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
      expect({ path, skipped: await skippedHeadings(page) }).toEqual({ path, skipped: [] });
    }
  });

  it('links the terms, the refund policy and the contact page where they mention each other', async () => {
    const page = await site.page(1280);
    const linksIn = async (path: string) => {
      await page.goto(site.url(path));
      await page.getByRole('main').locator('article a').first().waitFor();
      return page.getByRole('main').locator('article a').evaluateAll((as) => as.map((a) => [(a as HTMLElement).innerText, a.getAttribute('href')]));
    };
    expect(await linksIn('/terms')).toEqual([
      ['Cancellation & Refund Policy', '/refund-policy'],
      ['contact page', '/contact'],
    ]);
    expect(await linksIn('/refund-policy')).toEqual([
      ['Terms & Conditions', '/terms'],
      ['contact page', '/contact'],
      ['contact page', '/contact'],
    ]);
    expect(await linksIn('/privacy')).toEqual([
      ['Your data', '/your-data'],
      ['contact page', '/contact'],
    ]);
    await page.getByRole('main').getByRole('link', { name: 'contact page' }).click();
    await page.waitForURL(site.url('/contact'));
  });

  it('breaks the contact email only after the @ on a 320px phone, and links it', async () => {
    const page = await site.page(320);
    await page.goto(site.url('/contact'));
    const email = page.getByRole('link', { name: /hello@/ });
    expect(await email.getAttribute('href')).toBe('mailto:hello@nocodeworkshop.example');
    // The address's text, cut where the lines wrap.
    const lines = await email.evaluate((el) => {
      const out: string[] = [];
      let top: number | null = null;
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const t = Math.round(range.getBoundingClientRect().top);
          if (top === null || Math.abs(t - top) > 4) out.push('');
          top = t;
          out[out.length - 1] += text[i];
        }
      }
      return out;
    });
    expect([['hello@nocodeworkshop.example'], ['hello@', 'nocodeworkshop.example']]).toContainEqual(lines);
    const box = (await email.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    await email.scrollIntoViewIfNeeded();
    await viewportShot(page, 'contact-email-320');
  });

  it('gives the 404 page no canonical address, in the HTML and after client-side navigation', async () => {
    const html = await (await fetch(site.url('/no-such-page'))).text();
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    const page = await site.page(1280);
    await page.goto(site.url('/pricing'));
    await page.evaluate(() => {
      history.pushState({}, '', '/nowhere-here');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: '404 Oops! Page not found' }).waitFor();
    await expect.poll(() => page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute('href')).toBe(site.url('/'));
  });
});
