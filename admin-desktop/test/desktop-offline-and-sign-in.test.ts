import fs from 'node:fs/promises';
import path from 'node:path';
import { OFFLINE_WRITE_MESSAGE } from '@workshop/admin-ui';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasskey, signWith } from '../../server/test/auth/soft-authenticator';
import { createWorkshop } from '../../server/test/payments/payments-helpers';
import { insertInterest, insertRegistration } from '../../server/test/support/fixtures';
import type { TestServer } from '../../server/test/support/test-server';
import { cachedTimes, connectAndSignIn, type DesktopApp, nav as navIn, serverOffline, serverOnline, startDesktopAndServer, until } from './support/desktop-session';

/**
 * The desktop app without its server (the cached lists, then recovering by itself), signing out,
 * and signing in with a second factor: an authenticator app's code, then a passkey through the
 * system browser.
 */
const ADMIN = { email: 'desk-offline@test.local', password: 'desktop offline password' };

let server: TestServer;
let app: DesktopApp;
let page: Page;
let workshop: { id: string; title: string };

const nav = (label: string) => navIn(page, label);

beforeAll(async () => {
  ({ server, app, page } = await startDesktopAndServer(ADMIN));
  workshop = await createWorkshop(server.deps.db);
  await insertRegistration(server.deps.db, workshop.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
  await insertInterest(server.deps.db, { name: 'Linus Curious', email: 'linus@example.com' });
  await connectAndSignIn(page, server, ADMIN);
  await until(() => app.desktop.events.current === 'open');
  // The lists seen once, so the app keeps a copy of each.
  await nav('Interests');
  await page.getByTestId('interests-table').getByText('Linus Curious').waitFor();
  await nav('Registrations');
  await page.getByTestId('registrations-table').getByText('Ada Lovelace').waitFor();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await server?.stop();
});

describe('the desktop app offline, and signing in again', () => {
  it('shows the cached lists with the offline banner when the server is gone, even after a restart of the window', async () => {
    await serverOffline(server);
    await insertRegistration(server.deps.db, workshop.id, { name: 'Offline Newcomer', email: 'late@example.com' });

    await nav('Interests');
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 15_000 });
    await page.getByTestId('interests-table').getByText('Linus Curious').waitFor();
    expect(await cachedTimes(app, server)).toContain((await banner.locator('.ant-alert-title').textContent())?.replace('Offline — showing data from ', ''));
    expect(await banner.textContent()).toContain(OFFLINE_WRITE_MESSAGE);

    // A reload is what a restart of the app does to the page: it still has the last copy.
    await page.reload();
    await nav('Registrations');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.locator('.ant-alert-title').textContent()).toMatch(/^Offline — showing data from /);
    await page.getByTestId('registrations-table').getByText('Ada Lovelace').waitFor();
    expect(await page.getByTestId('export-csv').isDisabled()).toBe(true);
  }, 60_000);

  it('recovers by itself when the server answers again', async () => {
    await serverOnline(server);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 25_000 });
    await page.getByTestId('registrations-table').getByText('Offline Newcomer').waitFor();
    expect(await page.getByTestId('export-csv').isDisabled()).toBe(false);
    // The events stream reconnected with backoff after the drop.
    await until(() => app.desktop.events.current === 'open');
  }, 60_000);


  it('forgets the token and closes the stream on logout', async () => {
    await page.getByText('Logout', { exact: true }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect.poll(() => fs.access(path.join(app.userDataDir, 'session.json')).then(() => true, () => false)).toBe(false);
    expect(await app.desktop.tokens.get(server.url)).toBeNull();
    expect(app.desktop.events.current).toBe('stopped');
  }, 30_000);

  it('signs in with two-factor on: the password, then a code from the authenticator; main keeps the token the code step issued', async () => {
    // Turned on for this admin as the Settings screen would (its own test covers that screen).
    const token = (await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...ADMIN, client: 'desktop' }) }).then((r) => r.json())).token as string;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { secret } = await fetch(`${server.url}/api/auth/two-factor/totp`, { method: 'POST', headers: auth, body: JSON.stringify({ password: ADMIN.password }) }).then((r) => r.json());
    const on = await fetch(`${server.url}/api/auth/two-factor/totp/confirm`, { method: 'POST', headers: auth, body: JSON.stringify({ code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() }) });
    expect(on.status).toBe(200);

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('two-factor-step').waitFor();
    // The step after the one the confirm used: a code is never accepted twice.
    await page.getByLabel('Authentication code').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Welcome to the admin portal!').waitFor();
    expect(await app.desktop.tokens.get(server.url)).toBeTruthy();
    await until(() => app.desktop.events.current === 'open');
  }, 60_000);

  it('adds a passkey and signs in with it through the system browser: the app opens the site page, then takes the code it shows', async () => {
    // What the app asks to open goes to the system browser in Electron (guardNavigation); here it is
    // only noted. The site's pages there have their own test.
    const opened = async () => {
      await until(() => page.evaluate(() => (window as never as { __opened: string[] }).__opened.length > 0));
      return new URL(await page.evaluate(() => (window as never as { __opened: string[] }).__opened.shift()!));
    };
    await page.evaluate(() => {
      const w = window as never as { __opened: string[] };
      w.__opened = [];
      window.open = (url) => (w.__opened.push(String(url)), null);
    });
    await nav('Settings');
    const block = page.getByTestId('passkeys');
    await block.getByTestId('passkey-password').fill(ADMIN.password);
    await block.getByTestId('passkey-add').click();
    const enrolUrl = await opened();
    expect(enrolUrl.pathname).toBe('/admin/add-passkey');
    const ceremony = enrolUrl.hash.slice(1);
    const options = await fetch(`${server.url}/api/auth/passkeys/options`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ceremony }) }).then((r) => r.json());
    const made = createPasskey(options, 'http://localhost:5173');
    const added = await fetch(`${server.url}/api/auth/passkeys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ceremony, name: 'Desk laptop', passkey: made.response }) });
    expect(added.status).toBe(201);
    await block.getByTestId('passkey-browser-done').click();
    await expect.poll(() => block.getByTestId('passkey-list').innerText()).toContain('Desk laptop');

    await page.getByText('Logout', { exact: true }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a passkey in your browser' }).click();
    const signingUrl = await opened();
    expect(signingUrl.pathname).toBe('/admin/passkey');
    const challenge = signingUrl.hash.slice(1);
    await page.getByTestId('passkey-handoff-hint').waitFor();
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const { code } = await post('/api/auth/login/passkey/handoff', { challenge, passkey: signWith(made.passkey, (await post('/api/auth/login/passkey/options', { challenge })).options, 'http://localhost:5173') });
    expect(code).toMatch(/^\d{8}$/);
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Welcome to the admin portal!').waitFor();
    expect(await app.desktop.tokens.get(server.url)).toBeTruthy();
  }, 60_000);
});
