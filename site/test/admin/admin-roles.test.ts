import { ADMINS_MESSAGES } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { createWorkshop } from '../../../server/test/payments/payments-helpers';
import { confirmPopover, navLink, newContext, screenshot, signIn, startAdminHarness, tableRows, type AdminHarness } from './admin-harness';

/**
 * Admin roles in the admin (issue 24): an owner sees every admin and adds staff; staff see what
 * they may not do, and why, before the server refuses it; a removed admin is signed out.
 */
const STAFF = { email: 'sam.staff@workshop.test', password: 'a long staff password 1' };
let h: AdminHarness;
let owner: Page;
let registrationId: string;

beforeAll(async () => {
  h = await startAdminHarness();
  const w = await createWorkshop(h.server.deps.db, { title: 'Roles Build', date: new Date(Date.now() + 10 * 86_400_000) });
  registrationId = (await insertRegistration(h.server.deps.db, w.id, { name: 'Rhea Reader', email: 'rhea@example.com' })).id;
  owner = await (await newContext(h)).newPage();
  await signIn(owner);
}, 180_000);
afterAll(() => h.stop());

describe('admin roles', () => {
  it('an owner lists the admins and adds a staff member', async () => {
    await navLink(owner, 'Settings').click();
    const section = owner.getByTestId('section-admins');
    await tableRows(owner, 'admins-table').first().waitFor();
    expect(await tableRows(owner, 'admins-table').first().innerText()).toContain('you');
    await section.getByLabel('Email').fill(STAFF.email);
    await section.getByLabel('Password').fill(STAFF.password);
    await section.getByTestId('create-admin-role').getByText('Staff').click();
    await section.getByRole('button', { name: 'Create Admin User' }).click();
    await section.getByText(`Admin user created successfully for ${STAFF.email}`).waitFor();
    const row = tableRows(owner, 'admins-table').filter({ hasText: STAFF.email });
    await row.waitFor();
    expect(await row.innerText()).toContain('Staff');
    expect(await h.server.deps.db('users').where({ email: STAFF.email }).first('admin_role')).toEqual({ admin_role: 'staff' });
    await section.scrollIntoViewIfNeeded();
    await screenshot(owner, 'settings-admins');
  });

  it('staff see why owner actions are off, and may still resend a confirmation and message attendees', async () => {
    const staff = await (await newContext(h, { width: 375, height: 800 })).newPage();
    await signIn(staff, STAFF);
    await staff.goto('/admin/registrations');
    expect(await staff.getByTestId('add-booking').isDisabled()).toBe(true);
    await staff.goto(`/admin/registrations/${registrationId}`);
    await staff.getByTestId('registration-detail').waitFor();
    expect(await staff.getByTestId('action-refund').isDisabled()).toBe(true);
    expect(await staff.getByTestId('action-cancel').isDisabled()).toBe(true);
    expect(await staff.getByTestId('action-resend').isDisabled()).toBe(false);
    await staff.getByTestId('action-refund').hover({ force: true });
    await staff.getByRole('tooltip').getByText(ADMINS_MESSAGES.ownerOnly).waitFor();
    await staff.goto('/admin/settings');
    await staff.getByTestId('settings-owner-only').waitFor();
    await staff.getByTestId('admins-owner-only').waitFor();
    expect(await staff.getByTestId('admins-table').count()).toBe(0);
    await screenshot(staff, 'settings-staff-375');
    await staff.goto('/admin/workshops');
    await staff.getByTestId('message-attendees').first().waitFor();
    expect(await staff.getByTestId('message-attendees').first().isDisabled()).toBe(false);
    expect(await staff.getByTestId('workshop-delete').first().isDisabled()).toBe(true);

    // The owner removes them: their next request finds no session, and the admin sends them to sign in.
    const row = tableRows(owner, 'admins-table').filter({ hasText: STAFF.email });
    // The popover's OK only once it has opened (a click while it animates in can miss, under load).
    // The toast lasts 3 s: under a full run's load, a wait begun after the click could start after it went.
    const removed = owner.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/admin/users/'), { timeout: 60_000 });
    const told = owner.getByText(`${STAFF.email} was removed and signed out everywhere`).waitFor({ timeout: 60_000 });
    await confirmPopover(owner, row.getByTestId(`admin-remove-${STAFF.email}`), 'Remove admin', `Remove ${STAFF.email}?`);
    expect((await removed).status()).toBe(204);
    await told;
    await expect.poll(() => row.count()).toBe(0);
    await staff.goto('/admin/registrations');
    await staff.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await h.server.deps.db('users').where({ email: STAFF.email })).toHaveLength(0);
  }, 180_000);

  it('an admin changes their own password (a weak one is refused, named) and signs out everywhere else', async () => {
    const other = await (await newContext(h)).newPage();
    await signIn(other);
    await owner.goto('/admin/settings');
    const account = owner.getByTestId('section-account');
    await account.scrollIntoViewIfNeeded();
    await expect.poll(() => account.getByTestId('sessions-list').locator('.ant-list-item').count()).toBeGreaterThanOrEqual(2);
    await account.getByTestId('current-password').fill('correct horse battery');
    await account.getByTestId('new-password').fill('workshop1234');
    await account.getByTestId('change-password').click();
    await account.getByText('This password is too easy to guess: use a longer phrase of unrelated words.').waitFor();
    await account.getByTestId('new-password').fill('violet kettle marching sideways');
    await screenshot(owner, 'settings-account');
    await account.getByTestId('change-password').click();
    await owner.getByText('Password changed; your other sessions were signed out.').waitFor();
    await expect.poll(() => account.getByTestId('sessions-list').locator('.ant-list-item').count()).toBe(1);
    await other.goto('/admin/registrations');
    await other.getByRole('button', { name: 'Sign In' }).waitFor();
  });
});
