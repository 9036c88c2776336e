import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal, refundedAtProvider, refundsSettled, type Booked } from '../../../server/test/payments/booking-flows';
import { createWorkshop } from '../../../server/test/payments/payments-helpers';
import { client, type TestServerHandle } from '../../../server/test/support/test-server';
import { newContext, screenshot, signIn, startAdminHarness, type AdminHarness } from './admin-harness';

const DAY = 86_400_000;
const TITLE = 'Rainy Week Build';
const REASON = 'Our trainer is ill; we are sorry for the short notice.';

let h: AdminHarness;
let handle: TestServerHandle;
let paid: Booked[];
const db = () => h.server.deps.db;

beforeAll(async () => {
  h = await startAdminHarness();
  handle = { server: h.server, api: client(h.server.url), db: db(), token: '' };
  const w = await createWorkshop(db(), { title: TITLE, date: new Date(Date.now() + 10 * DAY), max_participants: 10 });
  await createWorkshop(db(), { title: 'Sunny Week Build', date: new Date(Date.now() + 17 * DAY) });
  paid = [await bookByCard(handle, w.id, 'rainy-card', { seats: 2 }), await bookByPaypal(handle, w.id, 'rainy-paypal')];
}, 120_000);
afterAll(() => h.stop());

async function openWorkshops(width: number): Promise<Page> {
  const page = await (await newContext(h, { width })).newPage();
  await signIn(page);
  // (On a phone the menu is a drawer: the address is the same.)
  await page.goto('/admin/workshops');
  return page;
}

const cardOf = (page: Page, title: string) => page.getByTestId('workshop-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });

describe('cancelling a workshop in the admin', () => {
  it('previews, asks for a reason and the typed title, then follows the refunds to the end', async () => {
    const page = await openWorkshops(1440);
    await cardOf(page, TITLE).getByTestId('workshop-cancel').click();
    const dialog = page.getByRole('dialog', { name: `Cancel workshop: ${TITLE}` });
    const summary = dialog.getByTestId('cancel-summary');
    await summary.getByText('2 bookings (3 seats)').waitFor();
    expect(await summary.innerText()).toContain('$297.00 (PayPal: 1 booking, $99.00 · Razorpay: 1 booking, $198.00)');
    const confirm = dialog.getByTestId('cancel-workshop-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('cancel-reason').fill(REASON);
    // A title almost right does not do.
    await dialog.getByTestId('cancel-typed-title').fill('Rainy Week');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('cancel-typed-title').fill(TITLE);
    await screenshot(page, 'workshop-cancel-dialog-1440');
    await confirm.click();

    const done = page.getByRole('dialog', { name: `Cancelled: ${TITLE}` });
    await expect.poll(() => done.getByTestId('cancel-progress').innerText(), { timeout: 30_000 }).toContain('Refunded 2 of 2.');
    await screenshot(page, 'workshop-cancel-done-1440');
    await refundsSettled(handle);
    for (const b of paid) expect((await refundedAtProvider(handle, b)).refunds).toBe(1);
    expect(await db()('workshops').where({ title: TITLE }).first()).toMatchObject({ status: 'cancelled', cancel_reason: REASON });

    await done.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const card = cardOf(page, TITLE);
    await card.getByTestId('badge-cancelled').waitFor();
    expect(await card.getByTestId('cancel-reason-shown').innerText()).toContain(REASON);
    expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    // The filter: the cancelled one alone, then the scheduled one alone.
    await page.getByTestId('workshop-filter').getByText('Cancelled (1)').click();
    await expect.poll(() => page.getByTestId('workshop-card').count()).toBe(1);
    await page.getByTestId('workshop-filter').getByText('Scheduled (1)').click();
    await expect.poll(() => page.getByTestId('workshop-card').count()).toBe(1);
    await cardOf(page, 'Sunny Week Build').waitFor();
    await page.context().close();
  });

  it('fits a phone: the cancelled card, and its refunds', async () => {
    const page = await openWorkshops(375);
    const card = cardOf(page, TITLE);
    await card.getByTestId('badge-cancelled').waitFor();
    await screenshot(page, 'workshop-cancelled-card-375');
    await card.getByTestId('workshop-cancel').click();
    const done = page.getByRole('dialog', { name: `Cancelled: ${TITLE}` });
    await expect.poll(() => done.getByTestId('cancel-progress').innerText()).toContain('Refunded 2 of 2.');
    const overflow = await done.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(overflow).toBe(false);
    await screenshot(page, 'workshop-cancel-done-375');
    await page.context().close();
  });
});
