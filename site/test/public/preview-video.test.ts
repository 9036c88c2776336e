import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, type Site } from './site-harness';

const VIDEO = 'https://www.youtube-nocookie.com/embed/admin-chosen';

describe('the preview video an admin has set', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ PREVIEW_VIDEO_URL: VIDEO });
    await addWorkshop(site);
  });
  afterAll(() => site?.stop());

  it('plays at once for a visitor who unlocked it earlier in the session, never loading the default one first', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      sessionStorage.setItem('video_unlocked', 'true');
      const seen: string[] = [];
      Object.assign(window, { iframeSources: seen });
      new MutationObserver(() => {
        for (const f of document.querySelectorAll('iframe')) if (!seen.includes(f.src)) seen.push(f.src);
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
    });
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByTestId('preview-video').locator('iframe').waitFor();
    expect(await page.evaluate(() => (window as unknown as { iframeSources: string[] }).iframeSources)).toEqual([`${VIDEO}?rel=0`]);
    await context.close();
  });
});
