import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_META } from '@workshop/shared';
import { addWorkshop, screenshot, seriousA11yViolations, startSite, type Site } from './site-harness';

/** Every public route with the heading a visitor sees first. */
const ROUTES: [string, string, RegExp][] = [
  ['/', 'home', /Build & launch your first business app/],
  ['/about', 'about', /We help anyone turn ideas into working software/],
  ['/pricing', 'pricing', /One simple price/],
  ['/contact', 'contact', /Get in touch/],
  ['/terms', 'terms', /Terms & Conditions/],
  ['/privacy', 'privacy', /Privacy Policy/],
  ['/refund-policy', 'refund-policy', /Cancellation & Refund Policy/],
  ['/thank-you', 'thank-you', /Thank you!/],
  ['/learn', 'learn', /What You'll Learn/],
  ['/why-no-code', 'why-no-code', /Why No-Code\?/],
  ['/who-should-attend', 'who-should-attend', /Who Should Attend/],
  ['/platform', 'platform', /The no-code builder behind the workshop/],
  ['/no-such-page', '404', /Oops! Page not found/],
];

describe('public routes in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    const main = await addWorkshop(site, { title: 'No-Code App Development Workshop', max_participants: 20 });
    void main;
    await addWorkshop(site, { title: 'Saturday Small-Group Build Session', date: new Date(Date.now() + 21 * 86_400_000) });
    await addWorkshop(site, { title: 'Automations & Integrations Deep Dive', date: new Date(Date.now() + 35 * 86_400_000), price_usd_cents: 12900, registration_open: false });
  });
  afterAll(() => site?.stop());

  it('sends each page its own title, description, canonical link and Open Graph tags in the HTML', async () => {
    for (const [path, meta] of Object.entries(PAGE_META)) {
      const res = await fetch(site.url(path));
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      expect(html, path).toContain(`<title>${escaped(meta.title)}</title>`);
      expect(html, path).toContain(`<meta name="description" content="${escaped(meta.description)}" />`);
      expect(html, path).toContain(`<link rel="canonical" href="${site.url(meta.path)}" />`);
    }
    const home = await (await fetch(site.url('/'))).text();
    expect(home).toContain(`<meta property="og:image" content="${site.url('/og-image.png')}" />`);
    expect(home).toContain('<meta property="og:description" content="A live, hands-on online workshop');
    const og = await fetch(site.url('/og-image.png'));
    expect(og.status).toBe(200);
    expect(og.headers.get('content-type')).toBe('image/png');
    const missing = await fetch(site.url('/no-such-page'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
  });

  for (const width of [1280, 375]) {
    it(`renders every route's heading at ${width}px with no serious accessibility violation`, async () => {
      const page = await site.page(width);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      const consoleErrors: string[] = [];
      page.on('pageerror', (e) => consoleErrors.push(e.message));
      for (const [path, name, heading] of ROUTES) {
        await page.goto(site.url(path));
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { message: path }).toMatch(heading);
        if (path === '/') {
          await page.getByTestId('hero-workshop').waitFor();
          await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
        }
        await page.getByRole('contentinfo').waitFor();
        expect(await seriousA11yViolations(page), `${path} at ${width}px`).toEqual([]);
        await screenshot(page, `${name}-${width}`);
      }
      // The public pages never load the admin bundle (antd and all).
      expect(scripts.filter((s) => /admin-entry|antd/.test(s))).toEqual([]);
      expect(consoleErrors).toEqual([]);
    }, 180_000);
  }

  it('shows the 404 page with a way home', async () => {
    const page = await site.page();
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto(site.url('/definitely/not/here'));
    await page.getByRole('heading', { level: 1, name: '404 Oops! Page not found' }).waitFor();
    await expect.poll(() => logged.some((l) => l.includes('/definitely/not/here'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
  });

  it('follows header links client-side and updates the title', async () => {
    const page = await site.page();
    await page.goto(site.url('/'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(site.url('/pricing'));
    await expect.poll(() => page.title()).toBe(PAGE_META['/pricing'].title);
    await expect.poll(async () => page.locator('link[rel="canonical"]').getAttribute('href')).toBe(site.url('/pricing'));
  });
});
