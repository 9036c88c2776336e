import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type AdminHarness } from './admin-harness';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

/** antd's Modal has finished zooming in (its motion classes are gone). */
async function atRest(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.getAttribute('class')).not.toMatch(/ant-zoom-appear|ant-zoom-enter/);
}

describe('the Create Workshop dialog', () => {
  it('keeps what is typed the moment it opens, and starts from the defaults again next time', async () => {
    await page.goto('/admin/workshops');
    await page.getByRole('button', { name: 'Create Workshop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Workshop' });
    const title = dialog.getByLabel('Title');
    // Straight away, while the dialog is still animating in.
    await title.fill('Typed At Once');
    await dialog.getByLabel('Price (USD cents)').fill('4900');
    await page.waitForTimeout(800);
    expect(await title.inputValue()).toBe('Typed At Once');
    expect(await dialog.getByLabel('Price (USD cents)').inputValue()).toBe('4900');

    // A click while the dialog still zooms in can land beside a button that is still moving.
    await atRest(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create Workshop' }).click();
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe('New Workshop');
    expect(await dialog.getByLabel('Price (USD cents)').inputValue()).toBe('9900');
    await atRest(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('keeps the price in cents and shows the dollars beside it as it is typed', async () => {
    await page.getByRole('button', { name: 'Create Workshop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Workshop' });
    const dollars = dialog.getByTestId('price-dollars');
    await expect.poll(() => dollars.innerText()).toBe('= $99.00');
    const price = dialog.getByLabel('Price (USD cents)');
    await price.fill('');
    await price.pressSequentially('1');
    await expect.poll(() => dollars.innerText()).toBe('= $0.01');
    await price.pressSequentially('2345');
    await expect.poll(() => dollars.innerText()).toBe('= $123.45');
    await price.fill('');
    await expect.poll(() => dollars.innerText()).toBe('');
    await atRest(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('a change less than 48 hours before the start', () => {
  it('is asked twice (the terms promise 48 hours of notice), and saved only when confirmed', async () => {
    const { insertWorkshop, insertRegistration } = await import('../../../server/test/support/fixtures');
    const start = new Date(Math.floor((Date.now() + 30 * 3_600_000) / 60_000) * 60_000);
    const w = await insertWorkshop(h.server.deps.db, { title: 'Tomorrow Build', date: start });
    await insertRegistration(h.server.deps.db, w.id, { name: 'Booked Person', email: 'booked.tomorrow@example.com' });
    await page.goto('/admin/workshops');
    const card = page.getByTestId('workshop-card').filter({ has: page.locator('.ant-card-head', { hasText: 'Tomorrow Build' }) });
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Join link').fill('https://meet.example.com/new-room');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Less than 48 hours before the start' });
    await ask.waitFor();
    expect(await ask.innerText()).toContain("Our terms promise 48 hours' notice of a change of date or join link.");
    await atRest(ask);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect((await h.server.deps.db('workshops').where({ id: w.id }).first()).join_url).toBeNull();

    await card.getByRole('button', { name: 'Save Changes' }).click();
    await atRest(ask);
    await ask.getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(async () => (await h.server.deps.db('workshops').where({ id: w.id }).first()).join_url).toBe('https://meet.example.com/new-room');
  });
});
