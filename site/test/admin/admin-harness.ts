import { cpSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../../../scripts/e2e/browser';
import { SITE_DIST } from '../../../scripts/e2e/site-server';
import { createAdminUser } from '../../../server/src/auth/auth.queries';
import { hashPassword } from '../../../server/src/auth/password';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCREENSHOTS = path.join(root, 'artifacts', 'screenshots', 'admin');

export const ADMIN = { email: 'admin@workshop.test', password: 'correct horse battery' };

export interface AdminHarness {
  server: TestServer;
  browser: Browser;
  stop(): Promise<void>;
}

/** The real server serving the built site over a fresh database, one admin, and Chromium. */
export async function startAdminHarness(): Promise<AdminHarness> {
  // A private copy of the build: another `npm run build` during the run must not swap the chunks.
  const dist = mkdtempSync(path.join(tmpdir(), 'wk-admin-dist-'));
  cpSync(SITE_DIST, dist, { recursive: true });
  const server = await startTestServer({}, { siteDist: dist });
  await createAdminUser(server.deps.db, ADMIN.email, await hashPassword(ADMIN.password));
  const browser = await launchChromium();
  return {
    server,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** The harness plus one desktop page already signed in as ADMIN, which most files share across their tests. */
export async function startSignedIn(): Promise<{ h: AdminHarness; page: Page }> {
  const h = await startAdminHarness();
  const page = await (await newContext(h)).newPage();
  await signIn(page);
  return { h, page };
}

/** A fresh browser context (its own cookies) of a desktop-sized window. */
export function newContext(h: AdminHarness, options: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  return h.browser.newContext({ baseURL: h.server.url, viewport: { width: options.width ?? 1440, height: options.height ?? 900 }, acceptDownloads: true });
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, user = ADMIN): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 10_000 });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Let antd's enter animations and toasts settle so the picture shows the screen itself.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Clicks a Popconfirm trigger and answers the confirmation with `okText`. antd keeps closed
 * popovers in the DOM and animates them out, so a `:visible` query right after another
 * confirmation can catch the one that is leaving: wait until none is open first.
 */
export async function confirmPopover(page: Page, trigger: Locator, okText: string, title?: string): Promise<void> {
  const open = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  await expect.poll(() => open.count()).toBe(0);
  await trigger.click();
  await expect.poll(() => open.count()).toBe(1);
  if (title) await open.getByText(title, { exact: true }).waitFor();
  await open.getByRole('button', { name: okText, exact: true }).click();
}

/**
 * Holds every request to `url` until the returned function is called, so a loading state can be
 * seen. A held request the page has given up on meanwhile cannot be continued: that is expected.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}

/** A screen's link in the sidebar (on a phone, the sidebar must be open). */
export const navLink = (page: Page, name: string): Locator => page.getByTestId('sidebar-nav').getByRole('link', { name, exact: true });

/** The data rows of the antd table with this test id (not its placeholder or measure rows). */
export const tableRows = (page: Page, testId: string): Locator => page.locator(`[data-testid="${testId}"] tbody tr.ant-table-row`);

/** Waits until a list's 'X of Y …' counter reads exactly `text`. */
export const expectCounter = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="list-counter"]')?.textContent === t, text);

/** The figure on the stat card with this title. */
export const cardValue = (page: Page, title: string) => page.getByTestId(`card-${title}`).getByTestId('card-value').textContent();

/**
 * An option of the select dropdown open now: antd keeps earlier dropdowns in the page, hidden,
 * and an option there never becomes clickable.
 */
export const openOption = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text });

/**
 * Opens `select` and picks the option reading `text`, until the select shows it. On a loaded
 * machine the dropdown can still be moving into place (it grows when its options arrive) when
 * the click lands, which closes it with nothing chosen; a person would simply pick again.
 */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // The select's own class says whether it is open; its options may not be visible yet.
    if (!/\bant-select-open\b/.test((await select.getAttribute('class')) ?? '')) await select.click();
    await openOption(page, text).click();
    try {
      await expect.poll(() => select.textContent(), { timeout: 5_000 }).toContain(text);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Ticks a checkbox inside a dialog. A click that lands while the dialog is still zooming in can
 * miss the box, so it is ticked again until the box says it is ticked.
 */
export async function tick(checkbox: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await checkbox.isChecked()) return;
    await checkbox.click();
    try {
      await expect.poll(() => checkbox.isChecked(), { timeout: 3_000 }).toBe(true);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Picks `label` in a list's status filter. */
export async function chooseStatus(page: Page, label: string): Promise<void> {
  await page.getByTestId('status-filter').click();
  await openOption(page, new RegExp(`^${label}$`)).click();
}
