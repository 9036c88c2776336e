import { WAITLIST_MESSAGES } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryTransition } from '../../../server/src/registrations/registration-transition';
import { listSandboxEmails } from '../../../server/src/sandbox/sandbox.store';
import { waitFor } from '../../../server/test/payments/payments-helpers';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { confirmPopover, navLink, newContext, screenshot, signIn, startSignedIn, type AdminHarness } from './admin-harness';
import { seedWorkshop } from './admin-seed';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const db = () => h.server.deps.db;
const join = (workshopId: string, n: string) =>
  fetch(`${h.server.url}/api/workshops/${workshopId}/waitlist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Person ${n}`, email: `person${n}@example.com`, phone: '9876543210' }) });

describe('the waitlist in the admin', () => {
  it('lists the line with positions, refuses an offer past capacity, offers a seat by hand once one is free', async () => {
    const w = await seedWorkshop(db(), { title: 'Waitlisted Workshop', max_participants: 2, registration_open: false });
    const sold = [await insertRegistration(db(), w.id), await insertRegistration(db(), w.id)];
    for (const n of ['A', 'B', 'C']) expect((await join(w.id, n)).status).toBe(201);

    await navLink(page, 'Workshops').click();
    const card = page.getByTestId('workshop-card').filter({ hasText: 'Waitlisted Workshop' });
    await card.getByTestId('open-waitlist').click();
    const drawer = page.getByRole('dialog', { name: 'Waitlist: Waitlisted Workshop' });
    await expect.poll(() => drawer.getByTestId('waitlist-summary').innerText()).toBe('3 waiting · 0 seats free to offer');
    const rows = drawer.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(3);
    for (const [i, n] of ['A', 'B', 'C'].entries()) {
      expect(await rows.nth(i).locator('td').first().innerText()).toBe(String(i + 1));
      expect(await rows.nth(i).innerText()).toContain(`person${n}@example.com`);
    }
    await screenshot(page, 'waitlist-drawer');

    await confirmPopover(page, rows.nth(1).getByTestId('waitlist-offer-seat'), 'Offer seat', 'Offer a seat to Person B?');
    await page.getByText(WAITLIST_MESSAGES.noSeatToOffer).waitFor();
    // The notice sits over the drawer's right edge, where the buttons are: dismiss it as an admin would.
    await page.locator('.ant-notification-notice-close').click();
    await page.locator('.ant-notification-notice').waitFor({ state: 'detached' });
    expect(await db()('waitlist_entries').where({ status: 'offered' }).count('* as n').first()).toEqual({ n: 0 });

    // A cancellation frees a seat; registration is closed, so it waits for the admin's choice.
    await db().transaction((trx) => tryTransition(trx, sold[0].id, ['completed'], 'cancelled', { cancelled_at: trx.fn.now() }));
    await drawer.getByRole('button', { name: 'Refresh waitlist' }).click();
    await expect.poll(() => drawer.getByTestId('waitlist-summary').innerText()).toBe('3 waiting · 1 seat free to offer');
    await confirmPopover(page, rows.nth(1).getByTestId('waitlist-offer-seat'), 'Offer seat', 'Offer a seat to Person B?');
    await page.getByText('Seat offered to Person B').waitFor();
    await expect.poll(() => drawer.getByTestId('waitlist-summary').innerText()).toBe('2 waiting · 0 seats free to offer');
    expect(await rows.nth(1).getByTestId('waitlist-status').innerText()).toBe('Offered');
    expect(await rows.nth(1).getByTestId('waitlist-offer').innerText()).toContain('1 offer, last by an admin');
    expect(await rows.nth(2).locator('td').first().innerText()).toBe('2');
    await screenshot(page, 'waitlist-drawer-offered');
    const offers = async (to: string) => (await listSandboxEmails(db(), to)).filter((m) => !m.subject.startsWith("You're on the waitlist"));
    const mail = await waitFor(async () => (await offers('personB@example.com'))[0]);
    expect(mail.subject).toBe('A seat is waiting for you: Waitlisted Workshop');
    expect(await offers('personA@example.com')).toHaveLength(0);
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('shows the line as cards on a phone, every person and their Offer seat within the screen', async () => {
    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/workshops');
    const card = phone.getByTestId('workshop-card').filter({ hasText: 'Waitlisted Workshop' });
    await card.getByTestId('open-waitlist').click();
    const drawer = phone.getByRole('dialog', { name: 'Waitlist: Waitlisted Workshop' });
    const people = drawer.getByTestId('waitlist-card');
    await expect.poll(() => people.count()).toBe(3);
    expect(await drawer.getByTestId('waitlist-table').count()).toBe(0);
    expect(await people.nth(0).innerText()).toContain('personA@example.com');
    expect(await people.nth(1).getByTestId('waitlist-status').innerText()).toBe('Offered');
    // The drawer slides in from the right: measure where it comes to rest, not mid-slide.
    const rightEdge = async (el: typeof drawer) => {
      const b = (await el.boundingBox())!;
      return Math.round(b.x + b.width);
    };
    await expect.poll(() => rightEdge(drawer)).toBeLessThanOrEqual(375);
    expect(await rightEdge(people.nth(0).getByTestId('waitlist-offer-seat'))).toBeLessThanOrEqual(375);
    expect(Math.round((await drawer.boundingBox())!.width)).toBeLessThanOrEqual(375);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'waitlist-drawer-phone');
    await phone.context().close();
  });

  it('sets how long an offered seat is held', async () => {
    await navLink(page, 'Settings').click();
    const section = page.getByTestId('section-waitlist');
    await section.getByLabel('Hold an offered seat for (hours)').fill('0');
    await section.getByTestId('waitlist-save').click();
    await section.getByText('Offer time must be at least 1 hour').waitFor();
    await section.getByLabel('Hold an offered seat for (hours)').fill('6');
    await section.getByTestId('waitlist-save').click();
    await page.getByText('Setting updated successfully').waitFor();
    expect(await db()('admin_settings').where({ setting_key: 'waitlist' }).first('setting_value')).toEqual({ setting_value: { offer_hours: 6 } });
  });
});
