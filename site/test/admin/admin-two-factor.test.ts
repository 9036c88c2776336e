import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newContext, screenshot, signIn, startAdminHarness, type AdminHarness } from './admin-harness';

/** Two-factor sign-in in the admin (issue 24): set up from the QR screen, then sign in with a code. */
let h: AdminHarness;
beforeAll(async () => {
  h = await startAdminHarness();
}, 180_000);
afterAll(() => h.stop());

describe('two-factor sign-in in the admin', () => {
  it('is set up from Settings with the QR code and a code, shows the recovery codes once, then asks for a code at sign-in', async () => {
    const page = await (await newContext(h)).newPage();
    await signIn(page);
    await page.goto('/admin/settings');
    const card = page.getByTestId('two-factor');
    await card.getByTestId('two-factor-start-password').fill(ADMIN.password);
    await card.getByTestId('two-factor-start').click();
    await card.getByTestId('two-factor-qr').waitFor();
    const secret = (await card.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-two-factor-qr');
    await card.getByTestId('two-factor-code').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await card.getByTestId('two-factor-confirm').click();
    const codes = (await card.getByTestId('recovery-codes').innerText()).trim().split('\n');
    expect(codes).toHaveLength(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('Two-factor sign-in').getByText('On').waitFor();

    const phone = await (await newContext(h, { width: 375, height: 800 })).newPage();
    await phone.goto('/admin/login');
    await phone.getByLabel('Email').fill(ADMIN.email);
    await phone.getByLabel('Password').fill(ADMIN.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.getByTestId('two-factor-step').waitFor();
    await phone.getByLabel('Authentication code').fill('000000');
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.getByTestId('two-factor-error').waitFor();
    await screenshot(phone, 'admin-login-two-factor-375');
    // A recovery code stands in for the phone.
    await phone.getByLabel('Authentication code').fill(codes[0]);
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('when the owners require it, an admin without it sees only the set-up, then the admin opens', async () => {
    const db = h.server.deps.db;
    const { createAdminUser } = await import('../../../server/src/auth/auth.queries');
    const { hashPassword } = await import('../../../server/src/auth/password');
    await createAdminUser(db, 'gina.gate@workshop.test', await hashPassword('gate keeper long phrase'), 'staff');
    await db('admin_settings').insert({ setting_key: 'admin_security', setting_value: JSON.stringify({ enabled: true, idle_hours: 12 }) }).onConflict('setting_key').merge();
    const page = await (await newContext(h, { width: 375, height: 800 })).newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('gina.gate@workshop.test');
    await page.getByLabel('Password').fill('gate keeper long phrase');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const gate = page.getByTestId('two-factor-gate');
    await gate.waitFor();
    await gate.getByTestId('two-factor-start-password').fill('gate keeper long phrase');
    await gate.getByTestId('two-factor-start').click();
    const secret = (await gate.getByTestId('two-factor-secret').innerText()).trim();
    await gate.getByTestId('two-factor-code').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await screenshot(page, 'admin-two-factor-gate-375');
    await gate.getByTestId('two-factor-confirm').click();
    await gate.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await db('admin_settings').where({ setting_key: 'admin_security' }).delete();
  });
});
