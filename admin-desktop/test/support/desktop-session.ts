import fs from 'node:fs/promises';
import path from 'node:path';
import { formatDateTime } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { createAdminUser } from '../../../server/src/auth/auth.queries';
import { hashPassword } from '../../../server/src/auth/password';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { buildPreloadForPage, buildRenderer, RENDERER_ORIGIN, startDesktop } from './desktop-harness';
import { fakeSafeStorage } from './fakes';

export type DesktopApp = Awaited<ReturnType<typeof startDesktop>>;

/** A test server with this admin, and the desktop app (renderer and real main-process handlers) beside it, not yet pointed at it. */
export async function startDesktopAndServer(admin: { email: string; password: string }): Promise<{ server: TestServer; app: DesktopApp; page: Page }> {
  const [rendererDir, preloadCode, server] = await Promise.all([buildRenderer(), buildPreloadForPage(), startTestServer()]);
  await createAdminUser(server.deps.db, admin.email, await hashPassword(admin.password));
  const app = await startDesktop({ rendererDir, preloadCode });
  return { server, app, page: app.page };
}

/** What an admin does on first run: the server's address, then the password. */
export async function connectAndSignIn(page: Page, server: TestServer, admin: { email: string; password: string }): Promise<void> {
  await page.goto(`${RENDERER_ORIGIN}/index.html`);
  await page.getByTestId('server-url').fill(server.url);
  await page.getByTestId('server-connect').click();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Welcome to the admin portal!').waitFor();
}

export async function until<T>(fn: () => T | Promise<T>, ms = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const nav = (page: Page, label: string) => page.getByTestId('sidebar-nav').getByText(label, { exact: true }).click();

/** The server process stays; only its HTTP listener goes away, as when the network drops. */
export async function serverOffline(server: TestServer): Promise<void> {
  await new Promise<void>((resolve) => {
    server.http.close(() => resolve());
    server.http.closeAllConnections();
  });
}

export async function serverOnline(server: TestServer): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.http.once('error', reject);
    server.http.listen(server.port, '127.0.0.1', () => {
      server.http.off('error', reject);
      resolve();
    });
  });
}

/** A cache file as the app's keychain (the fake safeStorage) reads it back. */
export const decrypt = async (file: string) => JSON.parse(fakeSafeStorage().decryptString(await fs.readFile(file)));

/** The cache's files, without one being written at this moment (a temporary file renamed over its list when whole). */
export const cacheFiles = async (folder: string) => (await fs.readdir(folder)).filter((f) => !f.endsWith('.tmp'));

/** savedAt of every cached list, as the banner would print it. */
export async function cachedTimes(app: DesktopApp, server: TestServer): Promise<string[]> {
  const folder = app.desktop.cache.folderFor(server.url);
  const files = await cacheFiles(folder);
  return Promise.all(files.map(async (f) => formatDateTime((await decrypt(path.join(folder, f))).savedAt)));
}
