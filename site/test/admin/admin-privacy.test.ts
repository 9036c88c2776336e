import { ADMINS_MESSAGES } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser } from '../../../server/src/auth/auth.queries';
import { hashPassword } from '../../../server/src/auth/password';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { confirmPopover, navLink, newContext, screenshot, signIn, startSignedIn, tableRows, type AdminHarness } from './admin-harness';
import { seedWorkshop } from './admin-seed';

/**
 * Privacy Requests (issue 27, point 3): an owner sees every request and how it ended, and runs an
 * export or an erasure for a person who asked by letter or phone; staff are told it is for owners.
 */
let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

describe('privacy requests', () => {
  it('an owner exports, then erases, for a person who wrote in; the list says how each ended', async () => {
    const db = h.server.deps.db;
    const w = await seedWorkshop(db, { title: 'Written-In Workshop' });
    await db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 40 * 86_400_000) });
    const reg = await insertRegistration(db, w.id, { name: 'Wren Writer', email: 'wren.writer@example.com' });
    expect((await fetch(`${h.server.url}/api/privacy/requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'asked.online@example.com', kind: 'export' }) })).status).toBe(202);

    await navLink(page, 'Privacy Requests').click();
    await page.getByRole('heading', { name: 'Privacy Requests' }).waitFor();
    await expect.poll(() => page.title()).toBe('Privacy Requests | NoCode Workshop Admin');
    await tableRows(page, 'privacy-requests-table').filter({ hasText: 'asked.online@example.com' }).waitFor();
    expect(await tableRows(page, 'privacy-requests-table').first().innerText()).toContain('Waiting for confirmation');

    const form = page.getByTestId('privacy-on-behalf');
    await form.getByLabel('Their email address').fill('wren.writer@example.com');
    await page.getByTestId('privacy-run').click();
    await form.getByText('Say who asked, and how').waitFor();
    await form.getByLabel('Who asked, and how').fill('Letter received 3 March');
    await page.getByTestId('privacy-run').click();
    const result = page.getByTestId('privacy-run-result');
    await expect.poll(() => result.innerText()).toContain('Everything held about wren.writer@example.com: 1 booking, 1 seat');
    expect(await page.getByTestId('privacy-run-download').getAttribute('download')).toBe('data-wren.writer@example.com.json');

    await form.getByLabel('Their email address').fill('wren.writer@example.com');
    await form.getByText('Erase their data').click();
    await form.getByLabel('Who asked, and how').fill('Phone call, 4 March');
    await confirmPopover(page, page.getByTestId('privacy-run'), 'Erase', 'Erase everything held about wren.writer@example.com?');
    await expect.poll(() => result.innerText()).toContain('wren.writer@example.com was erased: 1 booking, 1 seat');
    expect(await db('workshop_registrations').where({ id: reg.id }).first('name')).toEqual({ name: 'Erased' });

    const erasure = tableRows(page, 'privacy-requests-table').filter({ hasText: 'Phone call, 4 March' });
    await erasure.waitFor();
    expect(await erasure.innerText()).toMatch(/wren\.writer@example\.com[\s\S]*Erasure[\s\S]*Erased[\s\S]*Owner \(admin@workshop\.test\)/);
    await screenshot(page, 'privacy-requests');
  });

  it('an owner sets how long data is kept, and sees what the next daily run would do', async () => {
    const db = h.server.deps.db;
    const w = await seedWorkshop(db, { title: 'Two Years Back' });
    await db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 2 * 365 * 86_400_000) });
    await insertRegistration(db, w.id, { name: 'Tess Twoyears', email: 'tess.two@example.com' });
    await navLink(page, 'Settings').click();
    const section = page.getByTestId('section-retention');
    await section.scrollIntoViewIfNeeded();
    expect(await section.getByTestId('retention-registration_years').inputValue()).toBe('3');
    expect(await section.getByTestId('retention-lead_years').inputValue()).toBe('3');
    expect(await section.getByTestId('retention-payment_years').inputValue()).toBe('7');
    await expect.poll(() => section.getByTestId('retention-preview').innerText()).toContain('Nothing is past its period now.');
    await section.getByTestId('retention-registration_years').fill('0');
    await section.getByTestId('retention-save').click();
    expect(await section.getByTestId('retention-error').innerText()).toBe('Keep registration data at least 1 year');
    await section.getByTestId('retention-registration_years').fill('1');
    await section.getByTestId('retention-payment_years').fill('6');
    await section.getByTestId('retention-save').click();
    expect(await section.getByTestId('retention-error').innerText()).toBe('Keep payment records and invoices at least 7 years');
    await section.getByTestId('retention-payment_years').fill('7');
    await section.getByTestId('retention-save').click();
    await expect.poll(() => section.getByTestId('retention-preview').innerText()).toContain('The next run will anonymise: 1 booking');
    expect((await db('admin_settings').where({ setting_key: 'retention' }).first('setting_value')).setting_value).toEqual({ registration_years: 1, lead_years: 3, payment_years: 7 });
    // A paid booking of a workshop eight years back: its payment records are past the law's period.
    const old = await seedWorkshop(db, { title: 'Eight Years Back' });
    await db('workshops').where({ id: old.id }).update({ date: new Date(Date.now() - 8 * 365 * 86_400_000) });
    await insertRegistration(db, old.id, { name: 'Otto Eight', email: 'otto.eight@example.com', payment_id: 'pay_EightYearsBack', payment_method: 'razorpay' });
    await page.reload();
    await expect.poll(() => page.getByTestId('retention-preview').innerText()).toContain('It will delete: 1 booking’s payment records.');
    expect(await page.getByTestId('retention-preview').innerText()).toContain('The next run will anonymise: 2 bookings');
    await screenshot(page, 'settings-retention');
    await db('admin_settings').where({ setting_key: 'retention' }).delete();
  });

  it('on a phone, the requests are cards and the form fits', async () => {
    const phone = await (await newContext(h, { width: 375, height: 800 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/privacy');
    await phone.getByTestId('privacy-request-cards').waitFor();
    expect(await phone.getByTestId('privacy-request-card').first().innerText()).toContain('Erased');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'privacy-requests-375');
  });

  it('staff are told the requests are for owners, and see no one’s address', async () => {
    const staff = { email: 'privacy.reader@workshop.test', password: 'a long staff password 1' };
    await createAdminUser(h.server.deps.db, staff.email, await hashPassword(staff.password), 'staff');
    const other = await (await newContext(h)).newPage();
    await signIn(other, staff);
    await other.goto('/admin/privacy');
    expect(await other.getByTestId('privacy-owner-only').innerText()).toContain(ADMINS_MESSAGES.ownerOnly);
    expect(await other.content()).not.toContain('wren.writer@example.com');
  });
});
