import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/e2e/browser';
import { startSiteServer } from '../../../scripts/e2e/site-server';
import { DAY, insertWorkshop, type WorkshopRow } from '../../../server/test/support/fixtures';
import type { TestServer } from '../../../server/test/support/test-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCREENSHOT_DIR = path.join(root, 'artifacts', 'screenshots');

export interface Site {
  server: TestServer;
  browser: Browser;
  url: (p?: string) => string;
  /** A fresh browser context (own storage) at the given width, in the machine's time zone unless told. */
  page: (width?: number, options?: { timezoneId?: string }) => Promise<Page>;
  stop: () => Promise<void>;
}

export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const server = await startSiteServer(env);
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    url: (p = '/') => server.url + p,
    page: async (width = 1280, options = {}) => {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 860 }, deviceScaleFactor: 1, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return liveAfterNavigation(page);
    },
    stop: async () => {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * A public page arrives prerendered and becomes live once its code has run: `goto` and `reload`
 * also wait for that (`<html data-hydrated>`, site/src/lib/hydrated.ts), as a visitor's first
 * click waits for nothing only because it is held and replayed. Pages off the site (the payment
 * sandboxes) are not waited for.
 */
function liveAfterNavigation(page: Page): Page {
  const waitLive = async () => {
    if (!/^https?:\/\/[^/]+\/(?!sandbox\/|admin(\/|$))/.test(page.url())) return;
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitLive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitLive();
    return response;
  };
  return page;
}

/** Inserts a workshop the way an admin would have left it; two weeks ahead unless told otherwise. */
export function addWorkshop(site: Site, overrides: Record<string, unknown> = {}): Promise<WorkshopRow> {
  return insertWorkshop(site.server.deps.db, { title: 'No-Code App Development Workshop', description: 'Live no-code workshop', date: new Date(Date.now() + 14 * DAY), duration_hours: 5, ...overrides });
}

export async function setMaintenance(site: Site, enabled: boolean, message = 'We are upgrading our systems. Back at 6 PM.') {
  await site.server.deps
    .db('admin_settings')
    .insert({ setting_key: 'site_maintenance', setting_value: JSON.stringify({ enabled, message }) })
    .onConflict('setting_key')
    .merge();
}

export async function countRows(site: Site, table: string): Promise<number> {
  const [{ count }] = await site.server.deps.db(table).count({ count: '*' });
  return Number(count);
}

/** Full-page screenshot for people to look at (artifacts/screenshots, git-ignored). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** What is on screen only (dialogs, floating widgets), for people to look at. */
export async function viewportShot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/** Serious and critical axe violations, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** The text of every toast on screen. */
export function toastTexts(page: Page) {
  return page.getByTestId('toast').allInnerTexts();
}

/**
 * Notes every toast as it appears, as "role: text", from the next navigation on. A toast lasts
 * 6 s, and a loaded machine can take longer than that to hand a page back from `goto`.
 * Returns what has been seen so far, joined by " | ".
 */
export async function recordToasts(page: Page): Promise<() => Promise<string>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const t of document.querySelectorAll<HTMLElement>('[data-testid="toast"]')) {
        const said = `${t.getAttribute('role')}: ${t.textContent}`;
        if (!seen.includes(said)) seen.push(said);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen?: string[] }).toastsSeen?.join(' | ') ?? '');
}

/**
 * Scrolls `target` into view as a reader would, and waits for it to be drawn: the home page's
 * sections below the hero are laid out only once near the screen (content-visibility), a frame
 * after the scroll, and their words count as shown (innerText) from then on.
 */
export async function scrollIntoSight(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await target.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
