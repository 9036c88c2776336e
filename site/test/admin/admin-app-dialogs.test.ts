import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, createWorkshop, payWithPaypal } from '../../../server/test/payments/payments-helpers';
import { holdRequests, newContext, signIn, startAdminHarness, type AdminHarness } from './admin-harness';

// antd's App (toasts, confirmations) is fetched after the first screen (app/app-api.tsx).
const APP_HOST = '**/assets/app-host-*.js';

let h: AdminHarness;
const db = () => h.server.deps.db;
const reg = (email: string) => db()('workshop_registrations').where({ email }).first();
let workshopId: string;

async function openDetail(page: Page, email: string) {
  const row = await reg(email);
  await page.goto(`/admin/registrations/${row.id}`);
  await page.getByTestId('registration-detail').waitFor();
}

beforeAll(async () => {
  h = await startAdminHarness();
  ({ id: workshopId } = await createWorkshop(db(), { title: 'Build Your First App', date: new Date(Date.now() + 14 * 86_400_000) }));
}, 180_000);
afterAll(() => h.stop());

describe("the admin's confirmations while antd's dialogs are on their way", () => {
  it('asks once when the admin clicks again before the first one shows', async () => {
    const who = buyer('twice');
    await payWithPaypal(h.server, workshopId, who);
    const page = await (await newContext(h)).newPage();
    const release = await holdRequests(page, APP_HOST);
    await signIn(page);
    await openDetail(page, who.email);
    await page.getByTestId('action-cancel').click();
    await page.getByTestId('action-cancel').click();
    release();
    await page.getByRole('button', { name: 'Keep booking' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: 'Keep booking' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Keep booking' }).click();
    expect((await reg(who.email)).status).toBe('completed');
    await page.context().close();
  });

  it("asks with the browser's own dialog when they cannot be fetched, and says what happened", async () => {
    const who = buyer('native');
    await payWithPaypal(h.server, workshopId, who);
    const page = await (await newContext(h)).newPage();
    await page.route(APP_HOST, (route) => route.abort());
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.accept();
    });
    await signIn(page);
    await openDetail(page, who.email);
    await page.getByTestId('action-cancel').click();
    await expect.poll(async () => (await reg(who.email)).status).toBe('cancelled');
    await expect.poll(() => dialogs.some((d) => d === 'alert: Booking cancelled without a refund')).toBe(true);
    expect(dialogs.find((d) => d.startsWith('confirm:'))).toContain('Cancel without a refund?');
    await page.context().close();
  });
});
