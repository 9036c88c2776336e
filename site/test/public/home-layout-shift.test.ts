import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventTimes, LIMITS } from '@workshop/shared';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { addWorkshop, startSite, type Site } from './site-harness';

/**
 * The home page arrives prerendered and fills in its live data once hydrated. Nothing may move
 * when it does: the "More upcoming workshops" list takes the place the page already kept for it
 * (the browser's own layout-shift entries, the figures behind Core Web Vitals' CLS, must stay empty).
 */
describe('home page live data without layout shift, in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());
  beforeEach(async () => {
    const db = site.server.deps.db;
    await db('workshop_registrations').del();
    await db('workshops').del();
  });

  /** Layout shifts from the first paint until the live data is in and has settled. */
  async function shiftsOnLoad(width: number, others: number, timezoneId?: string): Promise<{ total: number; moved: string[] }> {
    const page: Page = await site.page(width, timezoneId ? { timezoneId } : undefined);
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; nodes: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Element }[] }[]) {
          if (e.hadRecentInput) continue;
          const nodes = (e.sources ?? []).map((s) => (s.node ? `${s.node.nodeName.toLowerCase()}.${(s.node as Element).className ?? ''}` : '?'));
          w.__shifts.push({ value: e.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(site.url('/'));
    await expect.poll(() => page.getByTestId('hero-workshop').count()).toBe(1);
    if (others > 0) await expect.poll(() => page.getByTestId('other-workshops').getByRole('listitem').count()).toBe(others);
    await page.waitForTimeout(600);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);
    return { total: shifts.reduce((s, e) => s + e.value, 0), moved: shifts.flatMap((e) => e.nodes) };
  }

  for (const width of [375, 1024, 1440]) {
    for (const others of [0, 1, 3]) {
      it(`moves nothing at ${width} px with ${others} more upcoming workshop(s)`, async () => {
        await addWorkshop(site, { title: 'Build Your First App' });
        for (let i = 0; i < others; i++) {
          // One long title: a card that wraps its name must still fit the place kept for it.
          const title = i === 0 ? 'Automate Your Small Business Back Office With No-Code Tools, Evening Batch' : `Session ${i + 2}`;
          await addWorkshop(site, { title, date: new Date(Date.now() + (20 + i) * 86_400_000), registration_open: i !== 2 });
        }
        const { total, moved } = await shiftsOnLoad(width, others);
        expect({ total: Number(total.toFixed(4)), moved }).toEqual({ total: 0, moved: [] });
      });
    }
  }

  for (const [state, row] of [
    ['sold out', { max_participants: 1 }],
    ['closed', { registration_open: false }],
    // Only when nothing else is coming does the hero show a cancelled one: no button at all.
    ['cancelled', { registration_open: false, status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'Trainer ill' }],
  ] as const) {
    it(`moves nothing at 1440 px when the hero workshop is ${state} (its card has a waitlist button, or no button)`, async () => {
      const hero = await addWorkshop(site, { title: 'Build Your First App', ...row });
      if (state === 'sold out') await insertRegistration(site.server.deps.db, hero.id);
      await addWorkshop(site, { title: 'Saturday Session', date: new Date(Date.now() + 20 * 86_400_000), ...(state === 'cancelled' ? row : {}) });
      const { total, moved } = await shiftsOnLoad(1440, 1);
      expect({ total: Number(total.toFixed(4)), moved }).toEqual({ total: 0, moved: [] });
    });
  }

  // A start's text depends on the visitor's zone, which only the browser knows: Eastern shown on
  // another day (UTC viewer, 02:30 UTC is the evening before in New York), not shown at all (a
  // viewer on Eastern time), a very long zone name. Fixed hours, so no run depends on the clock.
  const start = (daysAhead: number, utcHour: number, minute = 30) => {
    const d = new Date(Date.now() + daysAhead * 86_400_000);
    d.setUTCHours(utcHour, minute, 0, 0);
    return d;
  };
  for (const zone of ['UTC', 'America/New_York', 'Australia/Eucla', 'Asia/Kolkata']) {
    for (const width of [375, 1024]) {
      it(`moves nothing at ${width} px for a visitor in ${zone}`, async () => {
        await addWorkshop(site, { title: 'Build Your First App', date: start(14, 2) });
        await addWorkshop(site, { title: 'Evening Batch', date: start(21, 23, 45) });
        const { total, moved } = await shiftsOnLoad(width, 1, zone);
        expect({ total: Number(total.toFixed(4)), moved }).toEqual({ total: 0, moved: [] });
      });
    }
  }

  it('writes the starts in the visitor\'s zone before the page is painted, with no code of the page loaded', async () => {
    const heroStart = start(14, 2);
    await addWorkshop(site, { title: 'Build Your First App', date: heroStart });
    const second = start(21, 15, 0);
    await addWorkshop(site, { title: 'Second', date: second });
    const context = await site.browser.newContext({ viewport: { width: 1024, height: 860 }, timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.route('**/assets/*.js', (r) => r.abort());
    await page.goto(site.url('/'));
    // What the placeholders show, and what EventTime draws for the same zone (Chromium's ICU and
    // Node's may differ in the space before AM/PM only).
    const shown = (selector: string) =>
      page.evaluate((s) => JSON.parse(getComputedStyle(document.querySelector(s)!, '::before').content) as string, selector).then(spaced);
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    const hero = eventTimes(heroStart.toISOString(), 'UTC');
    expect(await shown('.hero-placeholder .live-local')).toBe(spaced(hero.local));
    expect(spaced(hero.local)).toMatch(/^\w+day, \w+ \d+, \d{4}, 2:30 AM Coordinated Universal Time$/);
    expect(await shown('.hero-placeholder .live-note')).toBe(' (your time)');
    expect(await shown('.hero-placeholder .live-eastern')).toBe(spaced(hero.eastern!));
    expect(spaced(hero.eastern!)).toMatch(/^\w+day, \w+ \d+, 9:30 PM EST \(Eastern Time\)$/);
    expect(await shown('.others-placeholder .live-time-1 .live-local')).toBe(spaced(eventTimes(second.toISOString(), 'UTC').local));
    await context.close();
  });

  it('keeps the charset declaration in the first 1024 bytes of the page, however long the titles', async () => {
    // Each of these characters is written as a CSS escape several bytes long.
    const longest = (n: number) => Array.from(`${n} ${'Zoë 李 🚀 '.repeat(LIMITS.workshopTitle)}`).slice(0, LIMITS.workshopTitle).join('');
    for (let i = 0; i < 4; i++) await addWorkshop(site, { title: longest(i), date: new Date(Date.now() + (14 + i) * 86_400_000) });
    const bytes = Buffer.from(await (await fetch(site.url('/'))).arrayBuffer());
    expect(bytes.indexOf('<meta charset="UTF-8" />')).toBeGreaterThan(0);
    expect(bytes.indexOf('<meta charset="UTF-8" />')).toBeLessThan(1024 - 24);
    expect(bytes.indexOf('--live-other-3')).toBeGreaterThan(1024);
  });

  it('keeps the place of any title, quotes and markup included, as plain text', async () => {
    const title = `Zoë's "Best" </style></html> & <script>alert(1)</script> \\ Ñúñez 李 🚀`;
    await addWorkshop(site, { title });
    await addWorkshop(site, { title: 'Second "One"', date: new Date(Date.now() + 20 * 86_400_000) });
    // The page as it is before its code runs: the placeholders alone.
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 860 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    await page.route('**/assets/*.js', (r) => r.abort());
    await page.goto(site.url('/'));
    const shown = (selector: string) => page.evaluate((s) => getComputedStyle(document.querySelector(s)!, '::before').content, selector);
    expect(await shown('.live-hero-title')).toBe(JSON.stringify(title));
    expect(await shown('.live-other-1')).toBe(JSON.stringify('Second "One"'));
    expect(await page.evaluate(() => [document.documentElement.dataset.liveHero, document.documentElement.dataset.liveOthers])).toEqual(['open', '1']);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
