import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { navLink, newContext, screenshot, startSignedIn, type AdminHarness } from './admin-harness';
import { seedWorkshop } from './admin-seed';

let h: AdminHarness;
let admin: Page;
beforeAll(async () => {
  ({ h, page: admin } = await startSignedIn());
});
afterAll(() => h.stop());

it('raises a live toast and refreshes the lists when a registration completes in another browser', async () => {
  const w = await seedWorkshop(h.server.deps.db, { title: 'Live Toast Workshop' });
  // The stream is open once the server has answered its request: it adds this admin's listener first.
  const streaming = admin.waitForResponse((r) => r.url().endsWith('/api/admin/events'));
  await admin.reload();
  await streaming;
  await navLink(admin, 'Registrations').click();
  await admin.getByText('0 of 0 registrations').waitFor();

  // A buyer in their own browser pays through the PayPal sandbox.
  const buyer = await (await newContext(h)).newPage();
  const res = await buyer.request.post('/api/checkout/paypal', {
    data: { workshop_id: w.id, name: 'Priya Live', email: 'priya.live@example.com', phone: '9876543210' },
  });
  expect(res.status()).toBe(201);
  const { approval_url } = await res.json();
  await buyer.goto(approval_url);
  await buyer.getByTestId('sandbox-paypal-approve').click();
  await buyer.waitForURL((url) => !url.pathname.startsWith('/sandbox'));

  await admin.getByText('New registration: Priya Live').waitFor();
  await admin.getByText('1 of 1 registrations').waitFor();
  await admin.locator('[data-testid="registrations-table"] tbody tr', { hasText: 'priya.live@example.com' }).getByText('Completed').waitFor();
  await screenshot(admin, 'live-toast');
  expect(await h.server.deps.db('workshop_registrations').where({ email: 'priya.live@example.com' }).first()).toMatchObject({ status: 'completed' });

  await navLink(admin, 'Dashboard').click();
  await admin.getByTestId('recent-registrations').getByText('Priya Live').waitFor();
  await buyer.context().close();
});

it('shows the load error while the server cannot be reached (the web keeps no offline copy) and recovers by itself', { timeout: 60_000 }, async () => {
  await admin.route('**/api/admin/dashboard', (route) => route.abort('connectionrefused'));
  await admin.reload();
  await admin.getByText('Failed to load dashboard').waitFor();
  await admin.getByText('Cannot reach the server. Check your connection and try again.').waitFor();
  await expect(admin.getByTestId('offline-banner').count()).resolves.toBe(0);
  // The error replaces the placeholders: nothing on the screen still looks as if it were loading.
  expect(await admin.locator('.ant-skeleton').count()).toBe(0);
  await screenshot(admin, 'dashboard-unreachable');
  await admin.unrouteAll({ behavior: 'wait' });
  // No click: the screen asks again on its own (every 10 s while the server is unreachable).
  await admin.getByText('Failed to load dashboard').waitFor({ state: 'detached', timeout: 20_000 });
  await admin.getByTestId('recent-registrations').getByText('Priya Live').waitFor();
});
