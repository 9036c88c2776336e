import { PASSWORD_MESSAGES, RESET_MESSAGES } from '@workshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmails, waitFor } from '../../../server/test/payments/payments-helpers';
import { ADMIN, newContext, screenshot, signIn, startAdminHarness, type AdminHarness } from './admin-harness';

/** A forgotten admin password on a phone (issue 24, point 5): ask for the link, follow it, set a new password, sign in. */
let h: AdminHarness;
beforeAll(async () => {
  h = await startAdminHarness();
}, 180_000);
afterAll(() => h.stop());

describe('resetting a forgotten admin password', () => {
  it('from the sign-in screen at 375 px, by the emailed link, once', async () => {
    const page = await (await newContext(h, { width: 375, height: 800 })).newPage();
    await page.goto('/admin/login');
    await page.getByTestId('forgot-password').click();
    await page.getByTestId('reset-email').fill(ADMIN.email);
    await page.getByTestId('reset-request').click();
    expect(await page.getByTestId('reset-sent').innerText()).toBe(RESET_MESSAGES.sent);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, ADMIN.email)).find((m) => m.subject === 'Reset your admin password'), 20_000);
    const link = mail.text_body?.match(/https?:\/\/\S+\/admin\/reset-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeTruthy();

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByTestId('reset-new-password').fill('workshop12345');
    await page.getByTestId('reset-confirm').click();
    await page.getByText(PASSWORD_MESSAGES.weak).waitFor();
    await page.getByTestId('reset-new-password').fill('marble heron whistles upstream');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-reset-password-375');
    await page.getByTestId('reset-confirm').click();
    expect(await page.getByTestId('reset-done').innerText()).toBe(RESET_MESSAGES.done);

    // The link works once.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByTestId('reset-new-password').fill('another quiet garden path');
    await page.getByTestId('reset-confirm').click();
    expect(await page.getByTestId('reset-refused').innerText()).toBe(RESET_MESSAGES.invalid);
    await signIn(page, { email: ADMIN.email, password: 'marble heron whistles upstream' });
  });
});
