import { ATTENTION_KIND_LABELS } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAttention } from '../../../server/test/attention/attention-seed';
import { buyer, createWorkshop, payWithPaypal, waitFor } from '../../../server/test/payments/payments-helpers';
import { holdRequests, navLink, newContext, screenshot, signIn, startSignedIn, type AdminHarness } from './admin-harness';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const items = () => page.getByTestId('attention-item');
const db = () => h.server.deps.db;

describe('nothing to see', () => {
  it('shows skeletons while loading, then says nothing needs attention; the dashboard has no badge', async () => {
    expect(await page.getByTestId('attention-badge').count()).toBe(0);
    const release = await holdRequests(page, '**/api/admin/attention');
    await navLink(page, 'Needs Attention').click();
    await page.getByRole('heading', { name: 'Needs Attention' }).waitFor();
    await page.getByTestId('skeleton-cards').waitFor();
    release();
    await page.getByText('Nothing needs attention').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByText('No money is stuck: every payment ended in a seat or a refund.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/attention');
    await screenshot(page, 'attention-empty');
  });
});

describe('with money that needs an admin', () => {
  let s: Awaited<ReturnType<typeof seedAttention>>;
  beforeAll(async () => {
    s = await seedAttention(db());
    await navLink(page, 'Dashboard').click();
  });

  it('the dashboard says how many need attention and links to the list', async () => {
    const badge = page.getByTestId('attention-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('6 need attention');
    await screenshot(page, 'dashboard-attention');
    await badge.click();
    await page.getByRole('heading', { name: 'Needs Attention' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/attention');
  });

  it('lists each item with its label, amount, who and what went wrong, oldest first', async () => {
    await expect.poll(() => items().count()).toBe(6);
    expect(await items().getByTestId('attention-kind').allTextContents()).toEqual([
      'Refund failing',
      'Capture pending at PayPal',
      'Amount mismatch',
      'Payment with no registration',
      'Checkout not settling',
      'Refund failing',
    ]);
    // Every money kind; an email that did not arrive has its own test below.
    const moneyLabels = Object.values(ATTENTION_KIND_LABELS).filter((l) => l !== ATTENTION_KIND_LABELS.email_bounced);
    expect(moneyLabels.sort()).toEqual([...new Set(await items().getByTestId('attention-kind').allTextContents())].sort());
    expect(await items().getByTestId('attention-amount').allTextContents()).toEqual(['$99.00', '$99.00', '$50.00', '$129.00', '$99.00', '$1.00']);
    expect(await page.getByTestId('attention-count').textContent()).toBe('6 items need attention, oldest first');

    const full = items().nth(0);
    expect(await full.getByTestId('attention-explanation').textContent()).toBe(
      'Refunding $99.00 to a buyer who paid after the workshop filled up has failed 30 times at PayPal. Automatic retries have stopped.',
    );
    await full.getByText('Fiona Full').waitFor();
    await full.getByText(s.full.access_id).waitFor();
    expect(await full.getByTestId('attention-attempts').textContent()).toBe('30');
    expect(await full.getByTestId('attention-error').textContent()).toBe('PayPal answered 503: service unavailable');
    await items().nth(3).getByText('No registration', { exact: true }).waitFor();
    await items().nth(3).getByText('ORDER-LOST').waitFor();
    await screenshot(page, 'attention');
  });

  it('expands an item payment timeline, oldest event first', async () => {
    const full = items().nth(0);
    expect(await full.getByTestId('timeline-event').count()).toBe(0);
    await full.getByText('Payment timeline (2 events)').click();
    await full.getByTestId('attention-timeline').waitFor();
    expect(await full.getByTestId('timeline-type').allTextContents()).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'payment.verified']);
    expect(await full.getByTestId('timeline-outcome').allTextContents()).toEqual(['processed', 'refunded']);
    await screenshot(page, 'attention-timeline');
  });

  it('retries a failed refund: the worker tries it again at once, and its attempts keep counting', async () => {
    await items().nth(0).getByTestId('attention-retry').click();
    await page.getByText('Refund queued again').waitFor();
    // The sandbox has no such capture, so the 31st attempt fails too and the refund is given up again.
    await expect.poll(async () => (await db()('refunds').where({ id: s.fullRefund.id }).first()).attempts, { timeout: 15_000 }).toBe(31);
    await expect.poll(async () => (await db()('refunds').where({ id: s.fullRefund.id }).first()).status).toBe('failed');
  });

  it('retries a stuck checkout: the reconciler may look at it at once', async () => {
    const stuck = items().filter({ hasText: 'Checkout not settling' });
    await stuck.getByTestId('attention-retry').click();
    await page.getByText('Checkout will be checked again now').waitFor();
    const { rows } = await db().raw('SELECT reconcile_after <= now() AS due FROM workshop_registrations WHERE id = ?', [s.stuck.id]);
    expect(rows[0].due).toBe(true);
  });

  it('fits a phone screen', async () => {
    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/attention');
    await expect.poll(() => phone.getByTestId('attention-item').count()).toBe(6);
    await phone.getByTestId('attention-item').nth(3).getByText('Payment timeline (2 events)').click();
    await phone.getByTestId('attention-item').nth(3).getByTestId('attention-timeline').waitFor();
    // Nothing wider than the screen: no sideways scrolling.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'attention-mobile');
    await phone.context().close();
  });
});

describe('an access email that did not arrive', () => {
  it('is corrected from its item on a phone: a bad address is refused, a good one gets the confirmation and the item goes', async () => {
    const w = await createWorkshop(db(), { title: 'Bounce Build', date: new Date(Date.now() + 14 * 86_400_000) });
    const bea = buyer('bea');
    expect((await fetch(`${h.server.url}/sandbox/sendgrid/bounce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: bea.email }) })).status).toBe(204);
    await payWithPaypal(h.server, w.id, bea);
    const reg = await db()('workshop_registrations').where({ email: bea.email }).first('id');
    await waitFor(() => db()('email_messages').where({ registration_id: reg.id, kind: 'confirmation' }).whereNotNull('bounced_at').first(), 20_000);

    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/attention');
    const item = phone.locator('[data-testid="attention-item"][data-kind="email_bounced"]');
    await item.waitFor();
    expect(await item.getByTestId('attention-kind').textContent()).toBe(ATTENTION_KIND_LABELS.email_bounced);
    expect(await item.getByTestId('attention-explanation').textContent()).toMatch(new RegExp(`^Email to ${bea.email.replace(/[.]/g, '\\.')} bounced: .+\\. The confirmation with the booking link did not reach them`));
    expect(await item.getByTestId('attention-amount').count()).toBe(0);
    await item.getByTestId('attention-correct-email').click();
    const dialog = phone.getByRole('dialog');
    const input = dialog.getByTestId('correct-email-input');
    expect(await input.inputValue()).toBe(bea.email);
    await input.fill('bea at example');
    await dialog.getByTestId('correct-email-submit').click();
    await dialog.getByText('Invalid email address').waitFor();
    expect((await db()('workshop_registrations').where({ id: reg.id }).first('email')).email).toBe(bea.email);
    await input.fill('bea.fixed@example.com');
    await screenshot(phone, 'attention-correct-email');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByTestId('correct-email-submit').click();
    await phone.getByText('The confirmation is on its way to bea.fixed@example.com, with a new link.').waitFor();
    await expect.poll(() => item.count()).toBe(0);
    expect((await db()('workshop_registrations').where({ id: reg.id }).first('email')).email).toBe('bea.fixed@example.com');
    await waitFor(() => db()('email_messages').where({ registration_id: reg.id, kind: 'confirmation_resend', to_email: 'bea.fixed@example.com' }).first());
    await phone.context().close();
  });
});
