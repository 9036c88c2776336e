import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_MESSAGES } from '@workshop/shared';
import { recoveryPass } from '../../../server/src/recovery/recovery.job';
import { buyer, sandboxEmails, waitFor } from '../../../server/test/payments/payments-helpers';
import { client } from '../../../server/test/support/test-server';
import { addWorkshop, startSite, viewportShot, type Site } from './site-harness';

/** Abandons a card checkout over HTTP, makes its follow-up due and sends it; answers the email's token. */
async function followUpToken(site: Site, workshopId: string, who: ReturnType<typeof buyer>): Promise<string> {
  const api = client(site.server.url);
  const co = await api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  await api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } });
  const db = site.server.deps.db;
  await db('checkout_recoveries').where({ workshop_id: workshopId }).update({ send_after: db.raw(`now() - interval '1 second'`) });
  await recoveryPass(db, site.server.payments!.sender);
  const [mail] = await waitFor(async () => {
    const mails = (await sandboxEmails(site.server, who.email)).filter((m) => m.subject.startsWith('Your seat in'));
    return mails.length ? mails : undefined;
  });
  return mail.text_body!.match(/\?recover=([A-Za-z0-9_-]+)/)![1];
}

describe('checkout recovery and campaign tracking in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ RECONCILE_INTERVAL_SECONDS: '3600' });
  });
  afterAll(() => site?.stop());

  it("keeps the landing URL's campaign through browsing to the checkout", async () => {
    const w = await addWorkshop(site, { title: 'Campaign Workshop' });
    const page = await site.page(1280);
    await page.goto(site.url('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring'));
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await page.getByTestId('pricing-register').click();
    const form = page.getByTestId('registration-form');
    await form.getByLabel('Full Name').fill('Camp Aign');
    await form.getByLabel('Email Address').fill('campaign@example.com');
    await form.getByLabel('Phone Number').fill('9876543210');
    await form.getByTestId('pay-button').click();
    await page.waitForURL(/\/sandbox\/paypal\//);
    const row = await site.server.deps.db('workshop_registrations').where({ workshop_id: w.id, email: 'campaign@example.com' }).first();
    expect(row).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' });
  });

  it("reopens the registration form, filled in, from the follow-up email's link", async () => {
    const w = await addWorkshop(site, { title: 'Second Chance Workshop', date: new Date(Date.now() + 21 * 86_400_000) });
    const who = { name: 'Rita Return', email: 'rita.return@example.com', phone: '9123456789' };
    const token = await followUpToken(site, w.id, who);
    const page = await site.page(375);
    await page.goto(site.url(`/?recover=${token}`));
    const form = page.getByTestId('registration-form');
    await expect.poll(() => form.getByLabel('Full Name').inputValue()).toBe(who.name);
    expect(await form.getByLabel('Email Address').inputValue()).toBe(who.email);
    expect(await form.getByLabel('Phone Number').inputValue()).toBe(who.phone);
    expect(await form.getByRole('radio', { name: /Second Chance Workshop/ }).isChecked()).toBe(true);
    await expect.poll(() => page.url()).toBe(site.url('/'));
    await viewportShot(page, 'recovery-link-375');
    expect((await site.server.deps.db('checkout_recoveries').where({ workshop_id: w.id }).first()).returned_at).not.toBeNull();

    // A link that is no longer valid says so instead of failing silently.
    const stale = await site.page(1280);
    await stale.goto(site.url(`/?recover=${'z'.repeat(43)}`));
    await stale.getByText(RECOVERY_MESSAGES.invalidLink).waitFor();
  });

  it('unsubscribes from the email link with one button', async () => {
    const w = await addWorkshop(site, { title: 'Unsubscribe Workshop', date: new Date(Date.now() + 28 * 86_400_000) });
    const who = { name: 'No More', email: 'no.more@example.com', phone: '9123456780' };
    const token = await followUpToken(site, w.id, who);
    const page = await site.page(768);
    await page.goto(site.url(`/unsubscribe?token=${token}`));
    expect(await site.server.deps.db('email_unsubscribes').where({ email_lower: who.email }).first()).toBeUndefined();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(RECOVERY_MESSAGES.unsubscribed).waitFor();
    expect(await site.server.deps.db('email_unsubscribes').where({ email_lower: who.email }).first()).toBeDefined();
    await viewportShot(page, 'unsubscribe-768');
  });
});
