import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
  async function shiftsOnLoad(width: number, others: number): Promise<{ total: number; moved: string[] }> {
    const page: Page = await site.page(width);
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
  ] as const) {
    it(`moves nothing at 1440 px when the hero workshop is ${state} (its card has a waitlist button)`, async () => {
      const hero = await addWorkshop(site, { title: 'Build Your First App', ...row });
      if (state === 'sold out') await insertRegistration(site.server.deps.db, hero.id);
      await addWorkshop(site, { title: 'Saturday Session', date: new Date(Date.now() + 20 * 86_400_000) });
      const { total, moved } = await shiftsOnLoad(1440, 1);
      expect({ total: Number(total.toFixed(4)), moved }).toEqual({ total: 0, moved: [] });
    });
  }

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
