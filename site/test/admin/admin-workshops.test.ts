import { formatEventDate } from '@workshop/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPopover, navLink, newContext, screenshot, startSignedIn, type AdminHarness } from './admin-harness';
import { seedRegistrations, seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const card = (title: string): Locator => page.getByTestId('workshop-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });
const workshop = (title: string) => h.server.deps.db('workshops').where({ title }).first();

describe('workshops', () => {
  it('shows the empty state, then creates a workshop from the dialog with the SPEC defaults and an Eastern date', async () => {
    await navLink(page, 'Workshops').click();
    await page.getByText('No workshops yet').waitFor();
    await screenshot(page, 'workshops-empty');

    await page.getByRole('button', { name: 'Create Workshop' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe('New Workshop');
    await expect(dialog.getByLabel('Description').inputValue()).resolves.toBe('Workshop description');
    await expect(dialog.getByLabel('Duration (hours)').inputValue()).resolves.toBe('2');
    await expect(dialog.getByLabel('Price (USD cents)').inputValue()).resolves.toBe('9900');
    await expect(dialog.getByLabel('Max participants').inputValue()).resolves.toBe('');
    await screenshot(page, 'workshops-create-dialog');

    await dialog.getByLabel('Title').fill('Spring Build Day');
    // 2:00 PM Eastern on a summer-time date is 18:00 UTC.
    await dialog.getByLabel('Date (Eastern Time)').fill('2027-03-15T14:00');
    await dialog.getByText('Monday, March 15, 2027, 2:00 PM EDT').waitFor();
    await dialog.getByLabel('Max participants').fill('25');
    await dialog.getByRole('button', { name: 'Create Workshop' }).click();
    await page.getByText('Workshop created successfully').waitFor();
    const row = await workshop('Spring Build Day');
    expect(row).toMatchObject({ duration_hours: 2, price_usd_cents: 9900, max_participants: 25, is_active: true, registration_open: true, description: 'Workshop description' });
    expect(new Date(row.date).toISOString()).toBe('2027-03-15T18:00:00.000Z');
    await card('Spring Build Day').getByText(formatEventDate('2027-03-15T18:00:00Z')).waitFor();
  });

  it('shows the workshop created in the admin on the public home page', async () => {
    const visitor = await (await newContext(h)).newPage();
    await visitor.goto('/');
    await visitor.getByTestId('hero-workshop').getByText('Spring Build Day').waitFor();
    await visitor.context().close();
  });

  it('edits inline with the SPEC limits and their messages', async () => {
    const c = card('Spring Build Day');
    await c.getByRole('button', { name: 'Edit' }).click();
    await c.getByLabel('Duration (hours)').fill('25');
    await c.getByLabel('Price (USD cents)').fill('-1');
    await c.getByLabel('Max participants').fill('0');
    await c.getByRole('button', { name: 'Save Changes' }).click();
    await c.getByText('Duration must be between 1 and 24 hours').waitFor();
    await c.getByText('Price must be 0 cents or more').waitFor();
    await c.getByText('Max participants must be at least 1, or empty for unlimited').waitFor();
    await screenshot(page, 'workshops-edit-errors');

    // Each message goes as soon as its field is right, before any save; one still wrong keeps its own.
    await c.getByLabel('Duration (hours)').fill('24');
    await c.getByText('Duration must be between 1 and 24 hours').waitFor({ state: 'detached' });
    await c.getByLabel('Price (USD cents)').fill('-5');
    expect(await c.getByText('Price must be 0 cents or more').count()).toBe(1);
    await c.getByLabel('Price (USD cents)').fill('0');
    await c.getByText('Price must be 0 cents or more').waitFor({ state: 'detached' });
    await c.getByLabel('Max participants').fill('');
    await c.getByText('Max participants must be at least 1, or empty for unlimited').waitFor({ state: 'detached' });
    await c.getByLabel('Date (Eastern Time)').fill('2027-01-10T09:30');
    await c.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Workshop updated successfully').waitFor();
    const row = await workshop('Spring Build Day');
    expect(row).toMatchObject({ duration_hours: 24, price_usd_cents: 0, max_participants: null });
    expect(new Date(row.date).toISOString()).toBe('2027-01-10T14:30:00.000Z');
    await c.getByText('Sunday, January 10, 2027, 9:30 AM EST').waitFor();
  });

  it('toggles registration open and active with their toasts and badges; the change survives a reload', async () => {
    const c = card('Spring Build Day');
    await c.getByTestId('toggle-registration').click();
    await page.getByText('Workshop registration updated').waitFor();
    await c.getByTestId('badge-registration').getByText('Closed').waitFor();
    await c.getByTestId('toggle-active').click();
    await page.getByText('Workshop status updated').waitFor();
    await c.getByTestId('badge-active').getByText('Inactive').waitFor();

    await page.reload();
    await card('Spring Build Day').getByTestId('badge-registration').getByText('Closed').waitFor();
    await expect(card('Spring Build Day').getByTestId('toggle-registration').getAttribute('aria-checked')).resolves.toBe('false');
    await expect(card('Spring Build Day').getByTestId('toggle-active').getAttribute('aria-checked')).resolves.toBe('false');
    expect(await workshop('Spring Build Day')).toMatchObject({ is_active: false, registration_open: false });
  });

  it('does not offer Delete on a workshop with registrations, says why, and deletes one without', async () => {
    const paid = await seedWorkshop(h.server.deps.db, { title: 'Workshop People Paid For', date: new Date('2027-06-01T18:00:00Z') });
    await seedRegistrations(h.server.deps.db, paid.id, 2);
    await page.reload();
    await screenshot(page, 'workshops');

    const kept = card('Workshop People Paid For').getByRole('button', { name: 'Delete' });
    expect(await kept.isDisabled()).toBe(true);
    const reason = 'This workshop has 2 registrations and cannot be deleted. Mark it inactive instead.';
    expect(await kept.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).toBe(reason);
    await kept.locator('xpath=..').hover();
    await page.getByRole('tooltip').getByText(reason).waitFor();
    expect(await workshop('Workshop People Paid For')).toBeDefined();

    await confirmPopover(page, card('Spring Build Day').getByRole('button', { name: 'Delete' }), 'Delete');
    await page.getByText('Workshop deleted successfully').waitFor();
    await card('Spring Build Day').waitFor({ state: 'detached' });
    expect(await workshop('Spring Build Day')).toBeUndefined();
  });
});
