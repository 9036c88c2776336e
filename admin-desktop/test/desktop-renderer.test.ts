import fs from 'node:fs/promises';
import path from 'node:path';
import { registrationCsvFileName } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInterest, insertRegistration } from '../../server/test/support/fixtures';
import { createWorkshop, payWithPaypal } from '../../server/test/payments/payments-helpers';
import { client, type TestServer } from '../../server/test/support/test-server';
import { insertRefund } from '../../server/test/attention/attention-seed';
import { RENDERER_ORIGIN } from './support/desktop-harness';
import { cacheFiles, decrypt, type DesktopApp, nav as navIn, startDesktopAndServer, until } from './support/desktop-session';

/** The app's first run and its screens; offline, sign-out and two-factor are in desktop-offline-and-sign-in.test.ts. */
const ADMIN = { email: 'desk@test.local', password: 'desktop admin password' };

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
  await insertRefund(server.deps.db, { registration_id: null, payment_id: 'CAP-NOBODY', amount_cents: 12900, reason: 'unattributed' });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await server?.stop();
});

describe('desktop renderer with the real main-process handlers', () => {
  it('asks for the server on first run, checks it, remembers it, then signs in', async () => {
    await page.goto(`${RENDERER_ORIGIN}/index.html`);
    const url = page.getByTestId('server-url');
    await expect.poll(() => url.inputValue()).toBe('http://localhost:3000');

    await url.fill('http://127.0.0.1:9');
    await page.getByTestId('server-connect').click();
    await expect.poll(() => page.getByTestId('server-error').textContent()).toBe('Cannot reach http://127.0.0.1:9. Check the address and that the server is running.');

    await url.fill(`${server.url}/admin`);
    await page.getByTestId('server-connect').click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(app.desktop.server.current).toBe(server.url);
    expect(JSON.parse(await fs.readFile(path.join(app.userDataDir, 'settings.json'), 'utf8')).serverUrl).toBe(server.url);

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome to the admin portal!').waitFor();

    // The token is kept encrypted, and the main process opened the events stream with it.
    const session = await fs.readFile(path.join(app.userDataDir, 'session.json'), 'utf8');
    const token = await app.desktop.tokens.get(server.url);
    expect(token).toBeTruthy();
    expect(session).not.toContain(token!);
    await until(() => app.desktop.events.current === 'open');

    // The page never had it: not in the sign-in answer it got, not in anything it can reach.
    expect(await (await login).json()).toEqual({ user: expect.objectContaining({ email: ADMIN.email }) });
    const reachable = await page.evaluate(() => JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage }, desktop: Object.keys(window.desktop) }));
    expect(reachable).not.toContain(token!);
    expect(reachable).not.toMatch(/token/i);
  }, 60_000);

  it('loads the lists and keeps a copy of each', async () => {
    await page.getByTestId('card-Total Registrations').waitFor();
    await nav('Workshops');
    await page.getByText(workshop.title).first().waitFor();
    await nav('Interests');
    await page.getByTestId('interests-table').getByText('Linus Curious').waitFor();
    await nav('Revive');
    await page.getByTestId('revive-table').waitFor();
    await nav('Registrations');
    await page.getByTestId('registrations-table').getByText('Ada Lovelace').waitFor();

    const keys: string[] = await until(async () => {
      const folder = app.desktop.cache.folderFor(server.url);
      const entries = await Promise.all((await cacheFiles(folder)).map(async (f) => (await decrypt(path.join(folder, f))).key as string));
      return ['dashboard', 'workshops', 'interests', 'revive', 'registrations'].every((k) => entries.some((e) => e.startsWith(k))) ? entries : null;
    });
    expect(keys.length).toBeGreaterThanOrEqual(5);
    // Encrypted on disk: the names and emails in them are not readable there.
    const folder = app.desktop.cache.folderFor(server.url);
    for (const f of await cacheFiles(folder)) expect((await fs.readFile(path.join(folder, f))).toString('latin1')).not.toMatch(/Ada Lovelace|ada@example\.com|Linus/);
  }, 60_000);

  it('opens Needs Attention from the Go menu, with the money that needs an admin', async () => {
    app.desktop.navigate('attention');
    await page.getByRole('heading', { name: 'Needs Attention' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/attention');
    const item = page.getByTestId('attention-item');
    await item.getByText('Payment with no registration').waitFor();
    expect(await item.getByTestId('attention-amount').allTextContents()).toEqual(['$129.00']);
    await nav('Dashboard');
    await page.getByTestId('attention-badge').waitFor();
    expect(await page.getByTestId('attention-badge').textContent()).toBe('1 needs attention');
  }, 60_000);

  it('corrects an email that did not arrive from its Needs Attention item, and the item goes', async () => {
    const db = server.deps.db;
    const reg = await insertRegistration(db, workshop.id, { name: 'Bo Bounced', email: 'bo.typo@example.com' });
    await db('email_messages').insert({ registration_id: reg.id, kind: 'confirmation', to_email: 'bo.typo@example.com', status: 'sent', sent_at: new Date(), bounced_at: new Date(), bounce_reason: 'Bounced by the receiving server: 550 5.1.1 No such user', delivery: 'bounced' });
    await nav('Needs Attention');
    const item = page.locator('[data-testid="attention-item"][data-kind="email_bounced"]');
    await item.waitFor();
    expect(await item.getByTestId('attention-explanation').textContent()).toMatch(/^Email to bo\.typo@example\.com bounced: 550 5\.1\.1 No such user\./);
    await item.getByTestId('attention-correct-email').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('correct-email-input').fill('bo.fixed@example.com');
    await dialog.getByTestId('correct-email-submit').click();
    await page.getByText('The confirmation is on its way to bo.fixed@example.com, with a new link.').waitFor();
    await expect.poll(() => item.count()).toBe(0);
    expect((await db('workshop_registrations').where({ id: reg.id }).first('email')).email).toBe('bo.fixed@example.com');
  }, 60_000);

  it('opens a registration from its row, acts on it, and lists that in Activity from the Go menu', async () => {
    await nav('Registrations');
    await page.getByTestId('registrations-table').getByText('Ada Lovelace').click();
    await page.getByTestId('registration-detail').waitFor();
    const ada = await server.deps.db('workshop_registrations').where({ email: 'ada@example.com' }).first();
    expect(new URL(page.url()).hash).toBe(`#/registrations/${ada.id}`);
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    expect(await page.getByTestId('detail-workshop-title').textContent()).toBe(workshop.title);
    await page.getByTestId('action-resend').click();
    await page.getByText('Confirmation queued').waitFor();

    app.desktop.navigate('activity');
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/activity');
    const row = page.getByTestId('activity-table').locator('tr.ant-table-row', { hasText: 'POST /api/admin/registrations/:id/resend' });
    // The server records a write once it has answered: look again until it is there.
    await until(async () => {
      if ((await row.count()) === 1) return true;
      await page.getByTestId('activity-refresh').click();
      await new Promise((r) => setTimeout(r, 300));
      return false;
    });
    expect(await row.getByTestId('activity-actor').textContent()).toBe(ADMIN.email);
    await row.getByTestId('activity-target').getByText('registration').click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
  }, 60_000);

  it("shows a team booking's seats in the list and the detail, and cancels one seat there", async () => {
    const team = await insertRegistration(server.deps.db, workshop.id, { name: 'Tia Team', email: 'tia@example.com', amount: 29700, seats_bought: 3, seats: 3 });
    await server.deps.db('attendees').where({ registration_id: team.id, position: 2 }).update({ name: 'Max Mate', email: 'max@example.com' });
    await nav('Dashboard');
    await nav('Registrations');
    const row = page.getByTestId('registrations-table').locator('tr.ant-table-row', { hasText: 'Tia Team' });
    await row.waitFor();
    expect(await row.getByTestId('row-seats').textContent()).toBe('3');
    await row.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('row-attendees').getByText('Seat 2: Max Mate (max@example.com)').waitFor();

    await row.getByText('Tia Team').click();
    const seats = page.getByTestId('detail-seats');
    await seats.waitFor();
    expect(await seats.locator('.ant-card-head-title').textContent()).toBe('Seats (3 of 3 held)');
    await seats.getByTestId('detail-seat-3').getByRole('button', { name: 'Cancel seat' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount to refund (USD)').fill('0');
    await dialog.getByRole('button', { name: 'Cancel seat without a refund' }).click();
    await page.getByText('Seat 3 cancelled without a refund').waitFor();
    await until(async () => (await seats.locator('.ant-card-head-title').textContent()) === 'Seats (2 of 3 held)');
    expect(await server.deps.db('workshop_registrations').where({ id: team.id }).first('seats', 'status')).toEqual({ seats: 2, status: 'completed' });
    expect(await server.deps.db('refunds').where({ registration_id: team.id })).toHaveLength(0);
  }, 60_000);

  it('adds a complimentary booking by hand from Registrations, then corrects its email on the registration', async () => {
    await nav('Dashboard');
    await nav('Registrations');
    await page.getByTestId('add-booking').click();
    const dialog = page.getByTestId('add-booking-dialog').last();
    await dialog.getByTestId('add-booking-workshop').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: workshop.title }).click();
    await dialog.getByTestId('add-booking-name').fill('Desk Guest');
    await dialog.getByTestId('add-booking-email').fill('desk.guest@example.com');
    await dialog.getByTestId('add-booking-submit').click();
    await page.getByTestId('registration-detail').waitFor();
    expect(await page.getByTestId('detail-by-hand').textContent()).toBe('Complimentary');
    await page.getByTestId('action-edit').click();
    const edit = page.getByTestId('edit-dialog').last();
    await edit.getByTestId('edit-email').fill('desk.guest.fixed@example.com');
    await edit.getByTestId('edit-submit').click();
    await page.getByText('Details saved; the confirmation is on its way to desk.guest.fixed@example.com.').waitFor();
    expect(await server.deps.db('workshop_registrations').where({ email: 'desk.guest.fixed@example.com' }).first()).toMatchObject({ status: 'completed', by_hand_payment: 'complimentary', amount: 0 });
  }, 60_000);

  it('lists the admins in Settings, with this owner among them, and adds a staff member', async () => {
    await nav('Settings');
    const row = page.getByTestId('admins-table').locator('tr.ant-table-row', { hasText: ADMIN.email });
    await row.waitFor();
    expect(await row.innerText()).toContain('Owner');
    const section = page.getByTestId('section-admins');
    await section.getByLabel('Email').fill('desk.staff@test.local');
    await section.getByLabel('Password').fill('a long staff password 2');
    await section.getByTestId('create-admin-role').getByText('Staff').click();
    await section.getByRole('button', { name: 'Create Admin User' }).click();
    await page.getByTestId('admins-table').locator('tr.ant-table-row', { hasText: 'desk.staff@test.local' }).waitFor();
    expect(await server.deps.db('users').where({ email: 'desk.staff@test.local' }).first('admin_role')).toEqual({ admin_role: 'staff' });
  }, 60_000);

  it('calls a workshop off from its card: preview, reason, the title typed, then its refunds followed', async () => {
    const off = await createWorkshop(server.deps.db, { title: 'Desk Called Off', date: new Date(Date.now() + 9 * 86_400_000) });
    await nav('Dashboard');
    await nav('Workshops');
    const card = page.getByTestId('workshop-card').filter({ has: page.locator('.ant-card-head', { hasText: 'Desk Called Off' }) });
    await card.getByTestId('workshop-cancel').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel workshop: Desk Called Off' });
    await dialog.getByTestId('cancel-summary').getByText('0 bookings (0 seats)').waitFor();
    await dialog.getByTestId('cancel-reason').fill('Venue flooded');
    await dialog.getByTestId('cancel-typed-title').fill('Desk Called Off');
    await dialog.getByTestId('cancel-workshop-confirm').click();
    await page.getByRole('dialog', { name: 'Cancelled: Desk Called Off' }).getByTestId('cancel-progress').getByText('Refunded 0 of 0.').waitFor();
    expect(await server.deps.db('workshops').where({ id: off.id }).first()).toMatchObject({ status: 'cancelled', cancel_reason: 'Venue flooded' });
    await page.keyboard.press('Escape');
    await card.getByTestId('badge-cancelled').waitFor();
  }, 60_000);

  it("takes a workshop's register from its card: who joined by their link, and a mark over it", async () => {
    const db = server.deps.db;
    const on = await createWorkshop(db, { title: 'Desk Register', date: new Date(Date.now() - 5 * 60_000), duration_hours: 2, join_url: 'https://meet.example.com/desk' });
    await insertRegistration(db, on.id, { name: 'Jo Joined', email: 'jo.joined@example.com' });
    await insertRegistration(db, on.id, { name: 'Mo Missing', email: 'mo.missing@example.com' });
    const jo = await db('attendees').where({ workshop_id: on.id, name: 'Jo Joined' }).first('id', 'join_token');
    expect((await fetch(`${server.url}/join/${jo.join_token}`, { redirect: 'manual' })).status).toBe(302);
    await until(async () => (await db('attendees').where({ id: jo.id }).first('first_joined_at')).first_joined_at);
    // Away and back (once the last dialog has gone): the list is asked for again.
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await nav('Dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await nav('Workshops');
    const card = page.getByTestId('workshop-card').filter({ has: page.locator('.ant-card-head', { hasText: 'Desk Register' }) });
    expect(await card.getByTestId('attendance-rate').textContent()).toBe('1 of 2 attended (50%)');
    await card.getByTestId('open-attendance').click();
    const drawer = page.getByRole('dialog', { name: 'Attendance: Desk Register' });
    const mo = drawer.getByTestId('attendance-row').filter({ hasText: 'Mo Missing' });
    expect(await mo.getByTestId('attendance-joined').textContent()).toBe('Not joined');
    expect(await drawer.getByTestId('feedback-summary').textContent()).toBe('No feedback yet');
    await mo.getByTestId('attendance-mark').getByText('Attended', { exact: true }).click();
    await drawer.getByTestId('attendance-summary').getByText('2 of 2 attended (100%) · 1 came in by their join link').waitFor();
    expect((await db('attendees').where({ workshop_id: on.id, name: 'Mo Missing' }).first('attendance_mark')).attendance_mark).toBe('attended');
    await page.keyboard.press('Escape');
    await card.getByTestId('attendance-rate').getByText('2 of 2 attended (100%)').waitFor();
  }, 60_000);

  it('exports the CSV through the save dialog to exactly the file the server produced', async () => {
    await nav('Registrations');
    await page.getByTestId('export-csv').click();
    await page.getByText('Registration data exported successfully').waitFor();

    const name = registrationCsvFileName();
    const file = path.join(app.downloadsDir, name);
    expect(app.saveDialogs.at(-1)?.defaultPath).toBe(file);
    const bytes = await fs.readFile(file);
    // The server's UTF-8 byte order mark is kept, once: Excel reads the names right only with it.
    expect([...bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'R'.charCodeAt(0)]);
    const written = bytes.toString('utf8');
    const token = await app.desktop.tokens.get(server.url);
    const expected = await client(server.url)('GET', '/api/admin/registrations/export.csv', { token: token! });
    expect(written).toBe(expected.text);
    expect(written.slice(1).split(/\r?\n/)[0]).toBe('Registration ID,Name,Email,Amount,Status,Payment ID,Registration Date,Promo Code,Discount,Order ID,Seats,Joined At');
    expect(written).toContain('Ada Lovelace');
    expect(await fs.readdir(app.downloadsDir)).toEqual([name]);
    // Where it went: an OS notice that opens the folder.
    const notice = app.notifications.shown.at(-1)!;
    expect(notice.options).toMatchObject({ title: 'Export saved', body: `${name} is in ${app.downloadsDir}` });
    notice.click();
    expect(app.shownFolders).toEqual([file]);
  }, 60_000);

  it('raises one OS notification for a completed registration; clicking it opens Registrations', async () => {
    await nav('Dashboard');
    await page.getByTestId('card-Total Registrations').waitFor();
    const before = app.notifications.shown.length;

    await payWithPaypal(server, workshop.id, { name: 'Grace Hopper', email: 'grace@example.com', phone: '9876543210' });

    const notice = await until(() => app.notifications.shown.slice(before).find((n) => n.options.title === 'New registration'));
    expect(notice.options.body).toBe(`Grace Hopper registered for ${workshop.title} · $99.00`);
    // The screens' own toast, and no second OS notification for the same registration.
    await page.getByText('New registration: Grace Hopper').first().waitFor();
    expect(app.notifications.shown.slice(before)).toHaveLength(1);

    const focusedBefore = app.win.focused;
    notice.click();
    await page.getByText('Registration Management').waitFor();
    expect(new URL(page.url()).hash).toBe('#/registrations');
    expect(app.win.focused).toBe(focusedBefore + 1);
    await page.getByTestId('registrations-table').getByText('Grace Hopper').waitFor();
  }, 60_000);

  it('stays quiet when notifications are turned off', async () => {
    await app.desktop.setNotifications(false);
    const before = app.notifications.shown.length;
    await payWithPaypal(server, workshop.id, { name: 'Quiet Buyer', email: 'quiet@example.com', phone: '9876543210' });
    await page.getByTestId('registrations-table').getByText('Quiet Buyer').waitFor({ timeout: 15_000 });
    expect(app.notifications.shown.length).toBe(before);
    await app.desktop.setNotifications(true);
  }, 60_000);

});
