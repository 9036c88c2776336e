import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, type Site } from './site-harness';

/** Every prerendered public page, with a heading and a sentence of its copy. */
const PAGES: [string, string, string][] = [
  ['/', 'Build & launch your first business app', 'Frequently Asked Questions'],
  ['/about', 'We help anyone turn ideas into working software', 'Practitioners, not just trainers'],
  ['/pricing', 'One simple price. Everything included.', 'Recordings for 30 days'],
  ['/contact', 'Get in touch', 'Send us a message'],
  ['/terms', 'Terms & Conditions', 'You must be 18 or older to register on your own.'],
  ['/privacy', 'Privacy Policy', 'What we collect'],
  ['/refund-policy', 'Cancellation & Refund Policy', 'Between 3 and 7 days before the workshop starts: 50% refund.'],
  ['/learn', "What You'll Learn", 'Secure Logins'],
  ['/why-no-code', 'Why No-Code?', 'No developers to wait for'],
  ['/who-should-attend', 'Who Should Attend', 'Small business owners'],
  ['/platform', 'The no-code builder behind the workshop', 'Everything in one place'],
  ['/no-such-page', 'Oops! Page not found', 'The page you are looking for does not exist or has moved.'],
];

const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/<!-- -->/g, '');

/** Text of the page as served, before any script: what a crawler or a visitor without JavaScript gets. */
async function servedText(site: Site, path: string): Promise<string> {
  const res = await fetch(site.url(path));
  return decode(await res.text());
}

/** A desktop page in a context of its own. Not site.page(): its navigations wait for the page to be live. */
async function desktopPage(site: Site): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
  return context.newPage();
}

/** Holds a script's requests until released: the page goes on without that code meanwhile. */
async function holdScript(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('prerendered public pages', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site, { title: 'Prerender Check Workshop', price_usd_cents: 9900, max_participants: 20 });
  });
  afterAll(() => site?.stop());

  it('serve their headings and copy in the HTML, with the live data and JSON-LD the server adds', async () => {
    for (const [path, heading, copy] of PAGES) {
      const html = await servedText(site, path);
      expect(html, path).toMatch(/<div id="root"><a href="#main" class="skip-link">/);
      expect(html, path).toContain(heading);
      expect(html, path).toContain(copy);
    }
    const home = await servedText(site, '/');
    // The workshop is live data: not in the prerendered markup, but in the page's data and its Event JSON-LD.
    expect(home).toMatch(/<script type="application\/json" id="page-data">\{"workshops":\[\{[^<]*"title":"Prerender Check Workshop"/);
    expect(home).toMatch(/<script type="application\/ld\+json" data-jsonld="events" data-page="\/">\[\{"@context":"https:\/\/schema.org","@type":"Event","name":"Prerender Check Workshop"/);
    expect(home).toMatch(/<script type="application\/ld\+json" data-jsonld="organization">/);
    // The visitor's own pages are drawn by the browser.
    expect(await servedText(site, '/thank-you')).toContain('<div id="root"></div>');
  });

  it('are answered compressed when the browser asks, and the inline scripts are allowed by the CSP', async () => {
    const res = await fetch(site.url('/pricing'), { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+' 'sha256-[^']+'/);
    const html = await res.text();
    // The entry script is fetched by the page's boot script once painted, not from the head.
    expect(html).not.toMatch(/<script[^>]*type="module"|<script[^>]*\bsrc=|<link rel="modulepreload"|<link rel="stylesheet"/);
    const asset = /"(\/assets\/index-[^"]+\.js)"/.exec(html)![1];
    const js = await fetch(site.url(asset), { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toContain('immutable');
  });

  it('load no zod on the home page before the visitor opens a form (the API client fetches schemas when a call needs one)', async () => {
    const html = await (await fetch(site.url('/'))).text();
    const code = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
    expect(code.length).toBeGreaterThan(1);
    for (const file of code) expect(await (await fetch(site.url(file))).text(), file).not.toContain('ZodError');
  });

  for (const width of [375, 1280]) {
    it(`hydrate at ${width}px without a hydration warning or error in the console`, async () => {
      const page = await site.page(width);
      const messages: string[] = [];
      const onConsole = (m: ConsoleMessage) => (m.type() === 'error' || m.type() === 'warning') && messages.push(`${m.type()}: ${m.text()}`);
      page.on('console', onConsole);
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
      for (const [path] of PAGES) {
        messages.length = 0;
        await page.goto(site.url(path));
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        if (path === '/') await page.getByTestId('hero-workshop').waitFor();
        if (path === '/pricing') await page.getByTestId('price-card').waitFor();
        // The parts below the fold get their code once the page has settled.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        await page.mouse.wheel(0, 4000);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const expected = path === '/no-such-page' ? ['error: Failed to load resource: the server responded with a status of 404 (Not Found)', `error: 404 Error: User attempted to access non-existent route: ${path}`] : [];
        expect(messages, path).toEqual(expected);
      }
    }, 120_000);
  }

  it('read with JavaScript off: the home, pricing and legal pages show their headings and text', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const visibleText = (p: Page) => p.locator('body').innerText();
      await page.goto(site.url('/'));
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('Build & launch your first business app');
      expect(await page.getByRole('heading', { name: 'Frequently Asked Questions' }).isVisible()).toBe(true);
      expect(await visibleText(page)).toContain('Join a live, hands-on session and walk away with a working app');

      await page.goto(site.url('/pricing'));
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('One simple price. Everything included.');
      expect(await visibleText(page)).toContain('No subscriptions and no upsells');

      for (const [path, heading, text] of [
        ['/terms', 'Terms & Conditions', 'You must be 18 or older to register on your own.'],
        ['/privacy', 'Privacy Policy', 'What we collect'],
        ['/refund-policy', 'Cancellation & Refund Policy', 'Between 3 and 7 days before the workshop starts: 50% refund.'],
      ]) {
        await page.goto(site.url(path));
        expect(await page.getByRole('heading', { level: 1 }).innerText(), path).toBe(heading);
        expect(await visibleText(page), path).toContain(text);
        expect(await page.getByRole('heading', { level: 2 }).count(), path).toBeGreaterThan(2);
      }
    } finally {
      await context.close();
    }
  });

  it('replays a click made before the page was hydrated', async () => {
    const page = await desktopPage(site);
    // Hold the page's code so the click lands on the prerendered button.
    const release = await holdScript(page, '**/assets/index-*.js');
    await page.goto(site.url('/'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('header-register').click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await page.getByRole('dialog', { name: 'Workshop Registration' }).waitFor();
    await page.context().close();
  });

  it('is live only once the live data is drawn, so a held click lands on the real buttons', async () => {
    const page = await desktopPage(site);
    // What the page showed at the moment it declared itself live.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const html = document.documentElement;
        if (html.dataset.hydrated && !('atLive' in window)) {
          Object.assign(window, { atLive: { skeleton: !!document.querySelector('[data-testid=hero-skeleton]'), register: !!document.querySelector('[data-testid=hero-register]') } });
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await page.waitForFunction(() => 'atLive' in window);
    expect(await page.evaluate(() => (window as unknown as { atLive: unknown }).atLive)).toEqual({ skeleton: false, register: true });
    await page.context().close();
  });

  it('shows the prices and the register button while the code below the fold is still on its way', async () => {
    const page = await desktopPage(site);
    const release = await holdScript(page, '**/assets/footer-*.js');
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await page.getByTestId('hero-register').waitFor({ timeout: 10_000 });
    await page.getByTestId('hero-price').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.context().close();
  });

  it('is live only once the sections below the fold are, and replays a click made on them before', async () => {
    const page = await desktopPage(site);
    // Hold the code of the home page's lower sections: the rest of the page hydrates without it.
    const release = await holdScript(page, '**/assets/home-sections-*.js');
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await page.waitForFunction(() => Object.keys(document.querySelector('[data-testid="header-register"]')!).some((k) => k.startsWith('__reactFiber')));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    const faq = page.getByTestId('faq');
    await faq.getByRole('button', { name: 'How long is the workshop?' }).click();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect.poll(() => faq.locator('button[aria-expanded="true"]').allInnerTexts()).toEqual(['How long is the workshop?']);
    await page.context().close();
  });

  it('replays a control clicked twice while its code was on its way once: the second click was the visitor retrying', async () => {
    const page = await desktopPage(site);
    const release = await holdScript(page, '**/assets/question-widget-*.js');
    await page.goto(site.url('/'), { waitUntil: 'load' });
    const toggle = page.getByTestId('question-toggle');
    await toggle.click();
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByTestId('question-panel').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.context().close();
  });
});
