import { formatCents } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRefund, insertRegistration } from '../../../server/test/support/fixtures';
import { cardValue, screenshot, startSignedIn, type AdminHarness } from './admin-harness';
import { seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

describe('dashboard money', () => {
  beforeAll(async () => {
    const db = h.server.deps.db;
    const spring = await seedWorkshop(db, { title: 'Spring Build' });
    const autumn = await seedWorkshop(db, { title: 'Autumn Build', date: new Date(Date.now() + 40 * 86_400_000) });
    const rows: [string, string, number][] = [
      [spring.id, 'completed', 9900],
      [spring.id, 'completed', 9900],
      [spring.id, 'pending', 9900],
      [spring.id, 'failed', 9900],
      [autumn.id, 'completed', 14900],
      [autumn.id, 'refunded', 14900],
    ];
    for (const [id, status, amount] of rows) {
      const reg = await insertRegistration(db, id, { status, amount, payment_id: status === 'completed' || status === 'refunded' ? `PAY-${Math.random()}` : null });
      // The refunded booking got $50.00 of its $149.00 back: Refunded shows the refund made, not the price.
      if (status === 'refunded') await insertRefund(db, { registration_id: reg.id, payment_id: reg.payment_id, amount_cents: 5000, reason: 'cancellation', status: 'succeeded' });
    }
    await page.goto('/admin');
  });

  it('shows Collected, Pending and Refunded next to the Total Revenue of every status', async () => {
    await expect.poll(() => cardValue(page, 'Total Revenue')).toBe(formatCents(9900 * 4 + 14900 * 2));
    expect(await cardValue(page, 'Collected')).toBe(formatCents(9900 * 2 + 14900));
    expect(await cardValue(page, 'Pending')).toBe(formatCents(9900));
    expect(await cardValue(page, 'Refunded')).toBe(formatCents(5000));
  });

  it('lists the revenue of each workshop by status', async () => {
    const table = page.getByTestId('revenue-by-workshop');
    const rows = table.getByTestId('workshop-revenue-row');
    await expect.poll(() => rows.count()).toBe(2);
    const cells = async (i: number) => (await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim());
    // Newest date first.
    // Workshop, date, seats, collected, offline (paid outside the site), pending, refunded.
    expect(await cells(0)).toEqual(['Autumn Build', expect.any(String), '1', '$149.00', '$0.00', '$0.00', '$50.00']);
    expect(await cells(1)).toEqual(['Spring Build', expect.any(String), '2', '$198.00', '$0.00', '$99.00', '$0.00']);
    await screenshot(page, 'dashboard-money-1440');
  });
});
