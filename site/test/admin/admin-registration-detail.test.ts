import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSendgridEvents } from '../../../server/src/sandbox/sandbox.credentials';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { buyer, createWorkshop, payWithPaypal, waitFor } from '../../../server/test/payments/payments-helpers';
import { chooseOption, navLink, newContext, openOption, screenshot, signIn, startAdminHarness, tableRows, tick, type AdminHarness } from './admin-harness';

const DAY = 86_400_000;

let h: AdminHarness;
let page: Page;
const db = () => h.server.deps.db;
const reg = (email: string) => db()('workshop_registrations').where({ email }).first();

let main: { id: string; title: string };
let later: { id: string; title: string };
let small: { id: string; title: string };

const rita = buyer('rita');
const carl = buyer('carl');
const rene = buyer('rene');
const mona = buyer('mona');

/** Buys a seat through the PayPal sandbox and waits for its confirmation to go out. */
async function bought(workshopId: string, who: ReturnType<typeof buyer>) {
  await payWithPaypal(h.server, workshopId, who);
  const row = await reg(who.email);
  await waitFor(async () => (await db()('email_messages').where({ registration_id: row.id, kind: 'confirmation', status: 'sent' })).length === 1);
  return row;
}

async function openDetail(email: string) {
  const row = await reg(email);
  await page.goto(`/admin/registrations/${row.id}`);
  await page.getByTestId('registration-detail').waitFor();
  return row;
}

const detailStatus = () => page.getByTestId('detail-status').getByTestId('status-badge').textContent();

beforeAll(async () => {
  h = await startAdminHarness();
  main = await createWorkshop(db(), { title: 'Build Your First App', date: new Date(Date.now() + 14 * DAY) });
  later = await createWorkshop(db(), { title: 'Later Workshop', date: new Date(Date.now() + 30 * DAY), max_participants: 5 });
  small = await createWorkshop(db(), { title: 'Tiny Workshop', date: new Date(Date.now() + 21 * DAY), max_participants: 1 });
  for (const who of [rita, carl, rene, mona]) await bought(main.id, who);
  await insertRegistration(db(), main.id, { name: 'Fay Failed', email: 'fay@example.com', status: 'failed', status_reason: 'declined' });
  // Signed in after the purchases, so their live notices do not cover the screenshots.
  page = await (await newContext(h)).newPage();
  await signIn(page);
}, 180_000);
afterAll(() => h.stop());

describe('one registration', () => {
  it('opens from its row, with every field, the payment timeline and each email with its status', async () => {
    // The sandbox tells the server the confirmation arrived, as SendGrid's Event Webhook does.
    const { id } = await reg(rita.email);
    await expect.poll(async () => (await db()('email_messages').where({ registration_id: id, kind: 'confirmation' }).first('delivery'))?.delivery, { timeout: 20_000 }).toBe('delivered');
    await navLink(page, 'Registrations').click();
    await tableRows(page, 'registrations-table').filter({ hasText: rita.email }).getByText(rita.email).click();
    await page.getByTestId('registration-detail').waitFor();
    const row = await reg(rita.email);
    expect(new URL(page.url()).pathname).toBe(`/admin/registrations/${row.id}`);

    await page.getByRole('heading', { name: rita.name }).waitFor();
    const booking = page.getByTestId('detail-booking');
    for (const text of [rita.email, rita.phone, row.access_id, row.payment_id, row.provider_order_id, 'PayPal']) await booking.getByText(text, { exact: true }).first().waitFor();
    expect(await page.getByTestId('detail-amount').textContent()).toBe('$99.00');
    expect(await detailStatus()).toBe('Completed');
    expect(await page.getByTestId('detail-workshop-title').textContent()).toBe(main.title);

    const types = await page.getByTestId('detail-timeline').getByTestId('timeline-type').allTextContents();
    expect(types).toContain('payment.verified');
    const email = page.getByTestId('email-row').filter({ hasText: 'Confirmation' });
    expect(await email.getByTestId('send-status').textContent()).toBe('Delivered');
    expect(await email.getByTestId('email-delivery').textContent()).toMatch(/^ · delivered .+/);
    expect(await email.getByTestId('email-attempts').textContent()).toBe('1 attempt');
    await email.getByText(`To ${rita.email}`, { exact: true }).waitFor();
    // Whatever else the row stores is one click away.
    await page.getByTestId('detail-more-fields').getByText(/^More fields/).click();
    await page.getByTestId('detail-more-fields').getByText('updated_at', { exact: true }).waitFor();
    for (const action of ['action-resend', 'action-move', 'action-refund', 'action-cancel']) await page.getByTestId(action).waitFor();
    await screenshot(page, 'registration-detail');
  });

  it('shows an email that was sent but bounced, with the receiving server\'s reason', async () => {
    const row = await reg(mona.email);
    const confirmation = await db()('email_messages').where({ registration_id: row.id, kind: 'confirmation' }).first('id', 'provider_message_id');
    const raw = JSON.stringify([{ email: mona.email, event: 'bounce', type: 'bounce', reason: '550 5.1.1 No such user', sg_message_id: `${confirmation.provider_message_id}.f1`, email_message_id: confirmation.id }]);
    const res = await fetch(`${h.server.url}/api/webhooks/sendgrid`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', ...signSendgridEvents(raw) } });
    expect(res.status).toBe(200);
    await openDetail(mona.email);
    const email = page.getByTestId('email-row').filter({ hasText: 'Confirmation' });
    expect(await email.getByTestId('send-status').textContent()).toBe('Bounced');
    expect(await email.getByTestId('email-bounce').textContent()).toMatch(/^Did not arrive \(.+\): Bounced by the receiving server: 550 5\.1\.1 No such user$/);
    await screenshot(page, 'registration-detail-bounced');
  });

  it('offers no action on a booking that is not active, and shows why it is not', async () => {
    await openDetail('fay@example.com');
    expect(await detailStatus()).toBe('Failed');
    expect(await page.getByTestId('detail-status-reason').textContent()).toContain('Declined');
    await page.getByText('No payment events were recorded for this registration.').waitFor();
    expect(await page.getByTestId('action-refund').count()).toBe(0);
    expect(await page.getByTestId('action-cancel').count()).toBe(0);
    expect(await page.getByTestId('action-move').count()).toBe(0);
    expect(await page.getByTestId('action-resend').count()).toBe(0);
  });

  it("refunds a chosen amount: the policy's suggestion is prefilled, too much is refused with the server's reason, then the booking is refunded", async () => {
    const row = await openDetail(rita.email);
    await page.getByTestId('action-refund').click();
    const dialog = page.getByRole('dialog');
    // What an admin types while the dialog is still opening stays (it was wiped after the opening animation).
    await dialog.getByTestId('refund-reason').fill('Typed at once');
    await page.waitForTimeout(800);
    expect(await dialog.getByTestId('refund-reason').inputValue()).toBe('Typed at once');
    expect(await dialog.getByTestId('policy-suggestion').textContent()).toBe('Policy suggests $96.03 (more than 7 days before the start: full refund minus the fee)');
    expect(await dialog.getByLabel('Amount to refund (USD)').inputValue()).toBe('96.03');
    await screenshot(page, 'registration-refund-dialog');

    await dialog.getByTestId('refund-reason').fill('');
    await dialog.getByTestId('refund-submit').click();
    await dialog.getByText('Give a reason for the refund').waitFor();
    await dialog.getByTestId('refund-reason').fill('Could not attend, goodwill');
    await dialog.getByLabel('Amount to refund (USD)').fill('99.01');
    await dialog.getByTestId('refund-submit').click();
    expect(await dialog.getByTestId('refund-error').locator('.ant-alert-title').textContent()).toBe('The refund cannot be more than what is left of the payment.');
    expect((await reg(rita.email)).status).toBe('completed');

    await dialog.getByLabel('Amount to refund (USD)').fill('40.50');
    await dialog.getByTestId('refund-submit').click();
    await page.getByText(`Refund of $40.50 started; ${rita.name} is emailed when it goes through.`).waitFor();
    await expect.poll(detailStatus).toMatch(/^(Refund pending|Refunded)$/);
    expect(await page.getByTestId('action-refund').count()).toBe(0);
    expect(await page.getByTestId('detail-status-reason').textContent()).toContain('Refunded by admin');
    // The page follows the refund until the provider has it, without a click.
    await expect.poll(detailStatus, { timeout: 20_000 }).toBe('Refunded');
    expect(await page.getByTestId('refund-row').getByTestId('refund-amount').textContent()).toBe('$40.50');
    expect(await db()('provider_sandbox.paypal_refunds').where({ capture_id: row.payment_id }).select('amount')).toEqual([{ amount: '40.50' }]);

    await page.getByTestId('back-to-registrations').click();
    const listRow = tableRows(page, 'registrations-table').filter({ hasText: rita.email });
    await expect.poll(() => listRow.getByTestId('status-badge').textContent()).toBe('Refunded');
  });

  it('gives a goodwill refund that keeps the booking: paid, refunded and net shown, the seat kept', async () => {
    const who = buyer('gwen');
    const row = await bought(main.id, who);
    await openDetail(who.email);
    await page.getByTestId('action-refund').click();
    const dialog = page.getByRole('dialog');
    await tick(dialog.getByTestId('refund-keep-booking'));
    await expect.poll(() => dialog.getByTestId('refund-explained').textContent()).toContain('The booking stays, with its seats, join details and reminders');
    expect(await dialog.getByTestId('refund-submit').textContent()).toBe('Refund and keep booking');
    await dialog.getByLabel('Amount to refund (USD)').fill('20');
    await dialog.getByTestId('refund-reason').fill('The audio dropped for ten minutes');
    await screenshot(page, 'registration-goodwill-dialog');
    await dialog.getByTestId('refund-submit').click();
    await page.getByText(`Goodwill refund of $20.00 started; the booking stays and ${who.name} is emailed.`).waitFor();
    await expect.poll(() => page.getByTestId('detail-money').textContent(), { timeout: 20_000 }).toBe('Paid $99.00 · refunded $20.00 · net $79.00');
    expect(await detailStatus()).toBe('Completed');
    expect(await page.getByTestId('action-refund').count()).toBe(1);
    expect(await db()('provider_sandbox.paypal_refunds').where({ capture_id: row.payment_id }).select('amount')).toEqual([{ amount: '20.00' }]);
    await screenshot(page, 'registration-goodwill-done');
  });

  it('transfers a booking to someone else: the detail shows the new holder, the old link stops working', async () => {
    const who = buyer('tara');
    const row = await bought(main.id, who);
    await openDetail(who.email);
    await page.getByTestId('action-transfer').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Theo Taker');
    await dialog.getByLabel('Email').fill('theo.taker@example.com');
    await dialog.getByLabel('Phone').fill('9123456789');
    await dialog.getByTestId('transfer-submit').click();
    await dialog.getByText('Give a reason for the transfer').waitFor();
    await dialog.getByLabel('Reason').fill('Tara is travelling');
    await screenshot(page, 'registration-transfer-dialog');
    await dialog.getByTestId('transfer-submit').click();
    await page.getByText('Booking transferred to Theo Taker; they are emailed their confirmation.').waitFor();
    await expect.poll(() => page.getByTestId('registration-detail').innerText()).toContain('theo.taker@example.com');
    expect(await db()('workshop_registrations').where({ id: row.id }).first()).toMatchObject({ name: 'Theo Taker', email: 'theo.taker@example.com', status: 'completed' });
  });

  it('cancels without a refund after a confirmation; keeping the booking changes nothing', async () => {
    await openDetail(carl.email);
    await page.getByTestId('action-cancel').click();
    await page.getByRole('button', { name: 'Keep booking' }).click();
    expect((await reg(carl.email)).status).toBe('completed');

    await page.getByTestId('action-cancel').click();
    await page.getByText(`${carl.name}'s seat on ${main.title} is freed and no money goes back.`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Booking cancelled without a refund').waitFor();
    await expect.poll(detailStatus).toBe('Cancelled');
    expect(await page.getByTestId('detail-status-reason').textContent()).toContain('Cancelled by admin');
    expect(await reg(carl.email)).toMatchObject({ status: 'cancelled', status_reason: 'cancelled_by_admin' });
    expect(await db()('refunds').where({ registration_id: (await reg(carl.email)).id })).toHaveLength(0);
  });

  it('resends the confirmation; a second press while it is still on its way queues nothing more', async () => {
    const row = await openDetail(rene.email);
    // Email is down, so the resent confirmation stays queued and its error shows.
    await fetch(`${h.server.url}/sandbox/sendgrid/outage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 60 }) });
    try {
      await page.getByTestId('action-resend').click();
      await page.getByText('Confirmation queued').waitFor();
      const resent = page.getByTestId('email-row').filter({ hasText: 'Confirmation (sent again)' });
      await resent.waitFor();
      expect(await resent.getByTestId('send-status').textContent()).toBe('Queued');
      await page.getByTestId('action-resend').click();
      await page.getByText('A confirmation is already on its way').waitFor();
      expect(await db()('email_messages').where({ registration_id: row.id, kind: 'confirmation_resend' })).toHaveLength(1);
      await expect.poll(() => resent.getByTestId('email-error').count(), { timeout: 20_000 }).toBe(1);
      expect(await resent.getByTestId('email-error').textContent()).toBe('Last error: Service Unavailable');
    } finally {
      await fetch(`${h.server.url}/sandbox/sendgrid/outage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 0 }) });
    }
  });

  it('moves a booking to a workshop with a free seat, and not to one that filled up meanwhile', async () => {
    const row = await openDetail(mona.email);
    await page.getByTestId('action-move').click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog.getByTestId('move-target'), small.title);
    // Someone takes the last seat while the admin is deciding.
    await insertRegistration(db(), small.id, { name: 'Quick Buyer', email: 'quick@example.com' });
    await dialog.getByTestId('move-submit').click();
    expect(await dialog.getByTestId('move-error').locator('.ant-alert-title').textContent()).toBe('That workshop has no seat left.');
    expect((await reg(mona.email)).workshop_id).toBe(main.id);
    await screenshot(page, 'registration-move-refused');

    await chooseOption(page, dialog.getByTestId('move-target'), later.title);
    await dialog.getByTestId('move-submit').click();
    await page.getByText(`${mona.name} moved to ${later.title}`).waitFor();
    await expect.poll(() => page.getByTestId('detail-workshop-title').textContent()).toBe(later.title);
    expect((await reg(mona.email)).workshop_id).toBe(later.id);
    await page.getByTestId('email-row').filter({ hasText: 'Workshop changed' }).waitFor();
    expect(await detailStatus()).toBe('Completed');
    expect(row.id).toBe((await reg(mona.email)).id);

    // Opened again, the full workshop is shown as full and cannot be chosen.
    await page.getByTestId('action-move').click();
    await page.getByRole('dialog').getByTestId('move-target').click();
    const full = openOption(page, small.title);
    expect(await full.getAttribute('class')).toContain('ant-select-item-option-disabled');
    expect(await full.textContent()).toContain('Full');
  });

  it('fits a phone screen', async () => {
    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto(`/admin/registrations/${(await reg(mona.email)).id}`);
    await phone.getByTestId('registration-detail').waitFor();
    await phone.getByTestId('email-row').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'registration-detail-mobile');
    await phone.getByTestId('action-refund').click();
    await phone.getByRole('dialog').getByTestId('policy-suggestion').waitFor();
    await screenshot(phone, 'registration-refund-dialog-mobile');
    await phone.context().close();
  });
});
