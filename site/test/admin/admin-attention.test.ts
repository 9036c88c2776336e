import { ATTENTION_KIND_LABELS } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAttention } from '../../../server/test/attention/attention-seed';
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
    expect(Object.values(ATTENTION_KIND_LABELS).sort()).toEqual([...new Set(await items().getByTestId('attention-kind').allTextContents())].sort());
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
