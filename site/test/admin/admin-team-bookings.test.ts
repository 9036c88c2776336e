import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookByPaypal, refundedAtProvider, refundsSettled, type Booked } from '../../../server/test/payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../../../server/test/payments/payments-helpers';
import { client, type TestServerHandle } from '../../../server/test/support/test-server';
import { chooseOption, navLink, newContext, screenshot, signIn, startAdminHarness, tableRows, type AdminHarness } from './admin-harness';

const DAY = 86_400_000;
const TEAM = [
  { name: 'Tess Lead', email: 'tess.lead@example.com' },
  { name: 'Omar Mate', email: 'omar.mate@example.com' },
  { name: 'Priya Mate', email: 'priya.mate@example.com' },
];

let h: AdminHarness;
let handle: TestServerHandle;
let page: Page;
let booked: Booked;
const db = () => h.server.deps.db;

beforeAll(async () => {
  h = await startAdminHarness();
  handle = { server: h.server, api: client(h.server.url), db: db(), token: '' };
  const w = await createWorkshop(db(), { title: 'Team Workshop', date: new Date(Date.now() + 14 * DAY), max_participants: 10 });
  booked = await bookByPaypal(handle, w.id, 'tess', { seats: 3, attendees: TEAM });
  page = await (await newContext(h)).newPage();
  await signIn(page);
}, 120_000);
afterAll(() => h.stop());

const row = () => tableRows(page, 'registrations-table').filter({ hasText: booked.email });

describe('a team booking in the admin', () => {
  it('lists the order once with its seats, expands to its attendees, and is found by an attendee', async () => {
    await navLink(page, 'Registrations').click();
    await expect.poll(() => row().count()).toBe(1);
    expect(await row().getByTestId('row-seats').textContent()).toBe('3');
    await row().locator('.ant-table-row-expand-icon').click();
    const attendees = page.getByTestId('row-attendees');
    await attendees.waitFor();
    for (const a of TEAM.slice(1)) {
      await attendees.getByText(a.name, { exact: false }).first().waitFor();
      await attendees.getByText(a.email, { exact: false }).first().waitFor();
    }
    await screenshot(page, 'registrations-team-expanded');

    await page.getByPlaceholder('Search by name, email, or registration ID...').fill('priya.mate');
    await expect.poll(() => tableRows(page, 'registrations-table').count()).toBe(1);
    expect(await tableRows(page, 'registrations-table').first().textContent()).toContain(booked.email);
  });

  it('cancels one seat from the detail with the policy share, never more than its price, and resends another seat', async () => {
    const reg = await db()('workshop_registrations').where({ email: booked.email }).first();
    await page.goto(`/admin/registrations/${reg.id}`);
    const seats = page.getByTestId('detail-seats');
    await seats.waitFor();
    expect(await seats.locator('.ant-card-head-title').textContent()).toBe('Seats (3 of 3 held)');

    await seats.getByTestId('detail-seat-2').getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Confirmation queued for Omar Mate, with a new link').waitFor();
    // Omar's own confirmation, then the one sent again with a new link.
    await waitFor(async () => (await sandboxEmails(h.server, 'omar.mate@example.com')).length === 2);

    await seats.getByTestId('detail-seat-3').getByRole('button', { name: 'Cancel seat' }).click();
    const dialog = page.getByRole('dialog');
    // Two weeks before the start the policy gives a seat back less its 3% processing fee.
    expect(await dialog.getByTestId('seat-policy-suggestion').textContent()).toBe('Policy suggests $96.03 for this seat');
    expect(await dialog.getByLabel('Amount to refund (USD)').inputValue()).toBe('96.03');
    await dialog.getByLabel('Amount to refund (USD)').fill('150');
    await dialog.getByTestId('seat-cancel-submit').click();
    expect(await dialog.getByTestId('seat-cancel-error').textContent()).toBe("A seat's refund is from $0.00 to $99.00.");
    expect(await db()('refunds').where({ payment_id: booked.paymentId })).toHaveLength(0);
    await screenshot(page, 'registration-seat-cancel');

    await dialog.getByLabel('Amount to refund (USD)').fill('60');
    await dialog.getByRole('button', { name: 'Cancel seat and refund $60.00' }).click();
    await page.getByText('Seat 3 cancelled; $60.00 is being refunded').waitFor();
    await expect.poll(() => seats.locator('.ant-card-head-title').textContent()).toBe('Seats (2 of 3 held)');
    await seats.getByTestId('detail-seat-3').getByText('Cancelled').waitFor();
    await refundsSettled(handle);
    expect(await refundedAtProvider(handle, booked)).toEqual({ cents: 6000, refunds: 1 });
    expect(await db()('attendees').where({ registration_id: reg.id, status: 'active' }).count('* as n').first()).toEqual({ n: 2 });
  });

  it("moves one seat to another workshop: it leaves the team's seats and is listed as a booking of its own there", async () => {
    const reg = await db()('workshop_registrations').where({ email: booked.email }).first();
    const other = await createWorkshop(db(), { title: 'Later Team Workshop', date: new Date(Date.now() + 28 * DAY), max_participants: 10 });
    await page.goto(`/admin/registrations/${reg.id}`);
    const seats = page.getByTestId('detail-seats');
    await seats.getByTestId('seat-move-2').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('.ant-modal-title').textContent()).toBe('Move seat 2 (Omar Mate) to another workshop');
    await chooseOption(page, dialog.getByTestId('move-target'), 'Later Team Workshop');
    await screenshot(page, 'registration-seat-move');
    await dialog.getByRole('button', { name: 'Move seat' }).click();
    await page.getByText('Seat 2 (Omar Mate) moved to Later Team Workshop').waitFor();
    await expect.poll(() => seats.locator('.ant-card-head-title').textContent()).toBe('Seats (1 of 2 held)');
    const moves = page.getByTestId('detail-seat-moves');
    await moves.getByText('Omar Mate').waitFor();
    expect(await moves.textContent()).toContain('Later Team Workshop');
    expect(await db()('workshop_registrations').where({ workshop_id: other.id, status: 'completed' }).select('email', 'paid_with_payment_id')).toEqual([{ email: 'omar.mate@example.com', paid_with_payment_id: booked.paymentId }]);
    await screenshot(page, 'registration-seat-moved');

    // The moved seat's booking says where it came from.
    await moves.getByRole('link', { name: 'Omar Mate' }).click();
    await page.getByTestId('detail-moved-from').waitFor();
    expect(await page.getByTestId('detail-workshop-title').textContent()).toBe('Later Team Workshop');
    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto(`/admin/registrations/${reg.id}`);
    await phone.getByTestId('detail-seat-moves').waitFor();
    await screenshot(phone, 'registration-seat-moved-phone');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('fits a phone: the card list shows the seats and attendees without sideways scrolling', async () => {
    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/registrations');
    const card = phone.getByText(booked.email).first();
    await card.waitFor();
    await phone.getByText('1 of 2 seats', { exact: false }).first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'registrations-team-phone');
  });
});
