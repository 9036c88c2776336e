import { BY_HAND_MESSAGES } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkshop, sandboxEmails, waitFor } from '../../../server/test/payments/payments-helpers';
import { cardValue, chooseOption, navLink, newContext, openOption, screenshot, signIn, startAdminHarness, type AdminHarness } from './admin-harness';

/**
 * Bookings by hand in the admin (issue 23, point 5): added from the registrations list, corrected
 * and refunded by hand from the registration's page; the dashboard keeps offline money apart.
 */
const DAY = 86_400_000;
let h: AdminHarness;
let page: Page;
const db = () => h.server.deps.db;
let workshop: { id: string; title: string };

beforeAll(async () => {
  h = await startAdminHarness();
  workshop = await createWorkshop(db(), { title: 'Hand Booked Build', date: new Date(Date.now() + 14 * DAY), max_participants: 10 });
  await createWorkshop(db(), { title: 'Already Over Build', date: new Date(Date.now() - DAY) });
  page = await (await newContext(h)).newPage();
  await signIn(page);
}, 180_000);
afterAll(() => h.stop());

async function openAddDialog() {
  await navLink(page, 'Registrations').click();
  await page.getByTestId('add-booking').click();
  return page.getByTestId('add-booking-dialog').last();
}

describe('bookings by hand', () => {
  it('adds a seat paid outside the site from the list: the amount is asked for, then the booking opens, confirmed', async () => {
    const dialog = await openAddDialog();
    await dialog.getByTestId('add-booking-workshop').click();
    // Only workshops a seat can still be given in are offered.
    expect(await openOption(page, 'Already Over Build').count()).toBe(0);
    await chooseOption(page, dialog.getByTestId('add-booking-workshop'), workshop.title);
    await dialog.getByTestId('add-booking-name').fill('Bea Banker');
    await dialog.getByTestId('add-booking-email').fill('bea.banker@example.com');
    await dialog.getByText('Paid outside the site').click();
    await dialog.getByTestId('add-booking-submit').click();
    await dialog.getByText(BY_HAND_MESSAGES.offlineAmount).waitFor();
    expect(await db()('workshop_registrations').where({ email: 'bea.banker@example.com' })).toHaveLength(0);

    await dialog.getByTestId('add-booking-amount').fill('45');
    await dialog.getByTestId('add-booking-note').fill('Bank transfer on 3 March');
    await screenshot(page, 'registration-add-by-hand');
    await dialog.getByTestId('add-booking-submit').click();
    await page.getByText('Booking added for Bea Banker; they are emailed their confirmation.').waitFor();
    await page.getByTestId('registration-detail').waitFor();
    const row = await db()('workshop_registrations').where({ email: 'bea.banker@example.com' }).first();
    expect(new URL(page.url()).pathname).toBe(`/admin/registrations/${row.id}`);
    expect(row).toMatchObject({ status: 'completed', amount: 4500, by_hand_payment: 'offline', by_hand_note: 'Bank transfer on 3 March', payment_method: null });
    expect(await page.getByTestId('detail-by-hand').textContent()).toBe('Paid outside the site $45.00 · net $45.00 · Bank transfer on 3 March');
    await waitFor(async () => (await sandboxEmails(h.server, 'bea.banker@example.com')).find((m) => m.subject.startsWith("You're registered")), 20_000);

    await navLink(page, 'Dashboard').click();
    await expect.poll(() => cardValue(page, 'Offline')).toBe('$45.00');
    expect(await cardValue(page, 'Collected')).toBe('$0.00');
  });

  it('corrects the buyer’s email: the new address gets the confirmation', async () => {
    const row = await db()('workshop_registrations').where({ email: 'bea.banker@example.com' }).first();
    await page.goto(`/admin/registrations/${row.id}`);
    await page.getByTestId('action-edit').click();
    const dialog = page.getByTestId('edit-dialog').last();
    await dialog.getByTestId('edit-email').fill('not-an-email');
    await dialog.getByTestId('edit-submit').click();
    await dialog.getByText('Invalid email address').waitFor();
    await dialog.getByTestId('edit-email').fill('bea.fixed@example.com');
    await dialog.getByTestId('edit-submit').click();
    await page.getByText('Details saved; the confirmation is on its way to bea.fixed@example.com.').waitFor();
    await expect.poll(() => page.getByTestId('registration-detail').innerText()).toContain('bea.fixed@example.com');
    await waitFor(async () => (await sandboxEmails(h.server, 'bea.fixed@example.com')).find((m) => m.subject.startsWith("You're registered")), 20_000);
    expect((await db()('workshop_registrations').where({ id: row.id }).first()).email).toBe('bea.fixed@example.com');
  });

  it('records the refund given back by hand: no goodwill choice, the booking ends, nothing asked of a provider', async () => {
    const row = await db()('workshop_registrations').where({ email: 'bea.fixed@example.com' }).first();
    await page.goto(`/admin/registrations/${row.id}`);
    await page.getByTestId('action-refund').click();
    const dialog = page.getByTestId('refund-dialog').last();
    expect(await dialog.getByTestId('refund-explained').textContent()).toContain('give the amount below back by hand (bank transfer, cash) and record it here');
    expect(await dialog.getByTestId('refund-keep-booking').count()).toBe(0);
    await dialog.getByTestId('refund-amount-input').fill('30');
    await dialog.getByTestId('refund-reason').fill('Cannot come');
    await dialog.getByRole('button', { name: 'Record refund and cancel booking' }).click();
    await page.getByText(`Refund of $30.00 recorded; the booking is cancelled and Bea Banker is emailed.`).waitFor();
    await expect.poll(() => page.getByTestId('detail-by-hand').textContent()).toBe('Paid outside the site $45.00 · given back by hand $30.00 · net $15.00 · Bank transfer on 3 March');
    expect(await db()('workshop_registrations').where({ id: row.id }).first()).toMatchObject({ status: 'refunded', by_hand_refunded_cents: 3000 });
    expect(await db()('refunds')).toHaveLength(0);
  });

  it('adds a complimentary seat on a phone', async () => {
    const phone = await (await newContext(h, { width: 375, height: 800 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/registrations');
    await phone.getByTestId('add-booking').click();
    const dialog = phone.getByTestId('add-booking-dialog').last();
    await chooseOption(phone, dialog.getByTestId('add-booking-workshop'), workshop.title);
    await dialog.getByTestId('add-booking-name').fill('Sam Speaker');
    await dialog.getByTestId('add-booking-email').fill('sam.speaker@example.com');
    await dialog.getByTestId('add-booking-note').fill('Guest speaker');
    expect(await dialog.evaluate((el) => el.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'registration-add-by-hand-phone');
    await dialog.getByTestId('add-booking-submit').click();
    await phone.getByTestId('registration-detail').waitFor();
    expect(await phone.getByTestId('detail-by-hand').textContent()).toBe('Complimentary · Guest speaker');
    // Nothing to give back: only a cancel is offered.
    expect(await phone.getByTestId('action-refund').count()).toBe(0);
    expect(await db()('workshop_registrations').where({ email: 'sam.speaker@example.com' }).first()).toMatchObject({ status: 'completed', amount: 0, by_hand_payment: 'complimentary' });
  });
});
