import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser } from '../../../server/src/auth/auth.queries';
import { hashPassword } from '../../../server/src/auth/password';
import { ADMIN, screenshot, startAdminHarness, type AdminHarness } from './admin-harness';

/**
 * Passkeys in the admin (issue 24), in Chromium with its virtual authenticator standing in for a
 * fingerprint reader: added from Settings, used at sign-in, and the two pages the desktop app hands
 * to the browser. The admin is opened at http://localhost (a passkey's domain cannot be an IP).
 */
let h: AdminHarness;
let base: string;
beforeAll(async () => {
  h = await startAdminHarness();
  base = h.server.url.replace('127.0.0.1', 'localhost');
}, 180_000);
afterAll(() => h.stop());

/** A page whose browser has a platform authenticator that verifies the user at once. */
async function pageWithAuthenticator(width = 1440): Promise<Page> {
  const context = await h.browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return page;
}

async function passwordStep(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const api = (path: string, body: unknown, token?: string) =>
  fetch(`${h.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('passkeys in the admin', () => {
  it('are added from Settings (the first brings the recovery codes), then sign the admin in with no code', async () => {
    const page = await pageWithAuthenticator();
    await passwordStep(page, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto('/admin/settings');
    const block = page.getByTestId('passkeys');
    await block.getByTestId('passkey-password').fill(ADMIN.password);
    await block.getByTestId('passkey-add').click();
    await block.getByTestId('passkey-name').fill('Work laptop');
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-passkey-name');
    await block.getByTestId('passkey-create').click();
    const codes = page.getByTestId('two-factor').getByTestId('recovery-codes');
    expect((await codes.innerText()).trim().split('\n')).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => block.getByTestId('passkey-list').innerText()).toContain('Work laptop');
    await page.getByTestId('two-factor').getByText('Two-factor sign-in').getByText('On').waitFor();
    await screenshot(page, 'settings-passkeys');

    await page.getByText('Logout', { exact: true }).click();
    await passwordStep(page, ADMIN);
    await page.getByTestId('two-factor-step').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'admin-login-passkey-375');
    await page.getByTestId('use-passkey').click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const used = await h.server.deps.db('admin_passkeys').first('name', 'last_used_at');
    expect(used.name).toBe('Work laptop');
    expect(used.last_used_at).not.toBeNull();

    // The desktop app's passkey step, in this browser: the page shows the code the app then takes.
    const desk = await api('/api/auth/login', { ...ADMIN, client: 'desktop' });
    expect(desk.body.methods).toEqual(['passkey']);
    await page.goto(`/admin/passkey#${desk.body.challenge}`);
    await page.getByRole('heading', { name: 'Sign in to the desktop app' }).waitFor();
    // Where that sign-in began, so one someone else started can be told apart.
    expect(await page.getByTestId('sign-in-details').innerText()).toMatch(/127\.0\.0\.1[\s\S]*the desktop app/);
    await page.getByTestId('confirm-passkey').click();
    const shown = (await page.getByTestId('handoff-code').innerText()).replace(/\s/g, '');
    expect(shown).toMatch(/^\d{8}$/);
    await page.getByText('Type this code into the desktop app to finish signing in. Never give it to anyone.').waitFor();
    await screenshot(page, 'admin-passkey-handoff-375');
    const done = await api('/api/auth/login/two-factor', { challenge: desk.body.challenge, code: shown, client: 'desktop' });
    expect(done.status).toBe(200);
    expect(done.body.token).toEqual(expect.any(String));
    // (No session was made in this browser by that step.)
    await page.close();
  });

  it('the page the desktop app opens to add a passkey makes it on the site, with the recovery codes of a first factor', async () => {
    const who = { email: 'desk.passkey@workshop.test', password: 'desk passkey long phrase' };
    await createAdminUser(h.server.deps.db, who.email, await hashPassword(who.password));
    const token = (await api('/api/auth/login', { ...who, client: 'desktop' })).body.token as string;
    const started = await api('/api/auth/passkeys/start', { password: who.password }, token);
    expect(started.status).toBe(200);
    const ceremony = new URL(started.body.browser_url).hash;
    expect(new URL(started.body.browser_url).pathname).toBe('/admin/add-passkey');

    const page = await pageWithAuthenticator(375);
    await page.goto(`/admin/add-passkey${ceremony}`);
    await page.getByRole('heading', { name: 'Add a passkey' }).waitFor();
    await page.getByTestId('passkey-name').fill('Desk key');
    await page.getByTestId('passkey-create').click();
    await page.getByTestId('passkey-added').waitFor();
    expect((await page.getByTestId('recovery-codes').innerText()).trim().split('\n')).toHaveLength(10);
    await screenshot(page, 'admin-add-passkey-375');
    expect((await h.server.deps.db('admin_passkeys as p').join('users as u', 'u.id', 'p.user_id').where('u.email', who.email).first('p.name')).name).toBe('Desk key');
    // The set-up is single use: the same link again says so.
    await page.reload();
    await page.getByTestId('passkey-create').click();
    await page.getByText('This passkey set-up has expired. Start again from Settings.').waitFor();
  });
});
