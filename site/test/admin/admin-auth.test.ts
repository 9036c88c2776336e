import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/src/auth/password';
import { ADMIN, holdRequests, navLink, newContext, screenshot, signIn, startAdminHarness, type AdminHarness } from './admin-harness';

let h: AdminHarness;
beforeAll(async () => {
  h = await startAdminHarness();
});
afterAll(() => h.stop());

describe('sign-in and guard', () => {
  it('shows the guard screen, then sends a visitor without a session to the login screen', async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    // Hold the session check so the guard screen can be seen.
    const release = await holdRequests(page, '**/api/auth/session');
    await page.goto('/admin/registrations');
    await page.getByText('Loading admin portal...').waitFor();
    await screenshot(page, 'guard-loading');
    release();
    await page.waitForURL('**/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'login');
    await ctx.close();
  });

  it('refuses a user without the admin role with the SPEC message and opens no session', async () => {
    const [user] = await h.server.deps.db('users').insert({ email: 'member@workshop.test', password_hash: await hashPassword('member password') }).returning('id');
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('member@workshop.test');
    await page.getByLabel('Password').fill('member password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Access denied. Admin privileges required.');
    await screenshot(page, 'login-refused');
    expect(page.url()).toMatch(/\/admin\/login$/);
    expect(await h.server.deps.db('sessions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
    await ctx.close();
  });

  it("shows the server's message for a wrong password", async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Invalid email or password');
    await ctx.close();
  });

  it("signs an admin in with 'Welcome to the admin portal!' and lands on the dashboard", async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    await signIn(page);
    await page.getByText('Welcome to the admin portal!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await ctx.close();
  });

  it('keeps the session in the httpOnly cookie only: the page’s JavaScript never gets the token', async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await signIn(page);
    const answer = await (await login).json();
    expect(Object.keys(answer)).toEqual(['user']);
    const [cookie] = (await ctx.cookies()).filter((c) => c.name === 'wk_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const visible = await page.evaluate(() => JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(visible).not.toContain(cookie.value);
    await ctx.close();
  });
});

describe('losing the session', () => {
  it('follows a sign-out in another tab back to the login screen, with the Logout toast in the first', async () => {
    const ctx = await newContext(h);
    const first = await ctx.newPage();
    await signIn(first);
    const second = await ctx.newPage();
    await second.goto('/admin/workshops');
    await second.getByRole('heading', { name: 'Workshops' }).waitFor();

    await first.getByRole('button', { name: 'Logout', exact: true }).click();
    await first.getByText('Logged out successfully').waitFor();
    await first.waitForURL('**/admin/login');
    await second.waitForURL('**/admin/login');
    await ctx.close();
  });

  it('goes to the login screen when the session expires on the server', async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    await signIn(page);
    await h.server.deps.db('sessions').update({ expires_at: new Date(Date.now() - 1000) });
    await navLink(page, 'Registrations').click();
    await page.waitForURL('**/admin/login');
    await ctx.close();
  });
});

describe('/admin/create', () => {
  it('refuses without a session', async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    await page.goto('/admin/create');
    await page.getByText('You must be logged in to create admin users').waitFor();
    await expect(page.getByRole('button', { name: 'Create Admin User' }).count()).resolves.toBe(0);
    await ctx.close();
  });

  it('lets a signed-in admin create another admin, and shows the server refusal for a taken email', async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    await signIn(page);
    await page.goto('/admin/create');
    await page.getByLabel('Email').fill('second.admin@workshop.test');
    await page.getByLabel('Password').fill('another long password');
    await page.getByRole('button', { name: 'Create Admin User' }).click();
    await expect(page.getByTestId('create-admin-result').textContent()).resolves.toBe('Admin user created successfully for second.admin@workshop.test');
    await page.getByText('Admin user created successfully!').waitFor();
    await screenshot(page, 'create-admin');
    const created = await h.server.deps.db('users as u').join('user_roles as r', 'r.user_id', 'u.id').where('u.email', 'second.admin@workshop.test').first('r.role');
    expect(created?.role).toBe('admin');

    await page.getByLabel('Email').fill('second.admin@workshop.test');
    await page.getByLabel('Password').fill('another long password');
    await page.getByRole('button', { name: 'Create Admin User' }).click();
    await expect(page.getByTestId('create-admin-result').textContent()).resolves.toBe('An account with this email already exists');
    await ctx.close();
  });
});

describe('sidebar', () => {
  it('toggles with Ctrl+B between 16rem and 3rem, and keeps its state across a reload', async () => {
    const ctx = await newContext(h);
    const page = await ctx.newPage();
    await signIn(page);
    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state') === 'collapsed');
    await page.waitForTimeout(300);
    expect((await sidebar.boundingBox())?.width).toBe(48);
    // Icons only: each label shows beside its icon on hover, and still names the link.
    const workshops = navLink(page, 'Workshops');
    const tip = workshops.getByText('Workshops', { exact: true });
    expect(await tip.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await workshops.hover();
    await expect.poll(() => tip.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'sidebar-collapsed');

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect(sidebar.getAttribute('data-state')).resolves.toBe('collapsed');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sidebar_state') ?? 'null'));
    expect(saved.open).toBe(false);
    expect(saved.expires - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(saved.expires - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-state') === 'expanded');
    await ctx.close();
  });

  it('opens as an 18rem drawer on a phone-sized screen, which Escape, a tap beside it or a link closes', async () => {
    const ctx = await newContext(h, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await signIn(page);
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
    const toggle = page.getByTestId('sidebar-toggle');
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    await page.waitForTimeout(400);
    expect((await drawer.boundingBox())?.width).toBe(288);
    expect(await navLink(page, 'Dashboard').getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'mobile-sidebar');

    // Escape closes it and gives the focus back to the toggle.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // So does a tap on the dimmed page beside it.
    await toggle.click();
    await drawer.waitFor();
    await page.mouse.click(350, 400);
    await drawer.waitFor({ state: 'hidden' });
    // A link opens its screen and closes the drawer.
    await toggle.click();
    await navLink(page, 'Workshops').click();
    await page.getByRole('heading', { name: 'Workshops' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await toggle.click();
    expect(await navLink(page, 'Workshops').getAttribute('aria-current')).toBe('page');
    await ctx.close();
  });
});
