import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { addWorkshop, screenshot, startSite, toastTexts, type Site } from './site-harness';

/** The thank-you page confirms only what GET /api/bookings/:accessId confirms. */
describe('thank-you page in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  const thanks = (query: Record<string, string>) => site.url(`/thank-you?${new URLSearchParams(query)}`);

  it('says it could not find a made-up access id, with a way to contact us, and celebrates nothing', async () => {
    const page = await site.page(375);
    await page.goto(thanks({ payment: 'success', method: 'paypal', accessId: 'NC-FAKE0000', name: 'Mallory', email: 'm@example.com' }));
    await page.getByRole('heading', { level: 1, name: 'We could not find this booking' }).waitFor();
    expect(await page.getByTestId('thanks-missing').innerText()).toContain('No booking has the access ID NC-FAKE0000.');
    await page.getByTestId('thanks-missing').getByRole('link', { name: 'Contact us' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('confetti').count()).toBe(0);
    expect(await page.getByTestId('countdown').count()).toBe(0);
    expect(await page.getByText('Booking Confirmed!').count()).toBe(0);
    expect(await page.getByText('Mallory').count()).toBe(0);
    await screenshot(page, 'thank-you-missing-375');
    await page.getByTestId('thanks-missing').getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL(site.url('/contact'));
  });

  it('opened bare, thanks the visitor without counting down to a date that has passed', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/thank-you'));
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    expect(await page.getByTestId('countdown').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add to Calendar' }).count()).toBe(0);
    await page.getByTestId('thanks-generic').getByRole('link', { name: 'Contact us' }).waitFor();
  });

  it('does not confirm a booking whose payment is still pending or failed', async () => {
    const w = await addWorkshop(site, { title: 'Pending Build' });
    await insertRegistration(site.server.deps.db, w.id, { name: 'Pat Pending', access_id: 'NC-PEND2345', status: 'pending', payment_id: null });
    await insertRegistration(site.server.deps.db, w.id, { name: 'Fay Failed', access_id: 'NC-FAIL2345', status: 'failed', payment_id: null });
    const page = await site.page(1280);
    await page.goto(thanks({ payment: 'success', method: 'paypal', accessId: 'NC-PEND2345' }));
    await page.getByRole('heading', { level: 1, name: "We're confirming your payment" }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('confetti').count()).toBe(0);
    await page.goto(thanks({ payment: 'success', method: 'paypal', accessId: 'NC-FAIL2345' }));
    await page.getByRole('heading', { level: 1, name: 'This booking is not confirmed' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('confirms a paid booking with the details the server holds, counts down to it and shares the site', async () => {
    const date = new Date(Date.now() + 10 * 86_400_000);
    const w = await addWorkshop(site, { title: 'Confirmed Build', date, duration_hours: 3 });
    await insertRegistration(site.server.deps.db, w.id, { name: 'Ada Lovelace', email: 'ada@example.com', access_id: 'NC-PAID2345', payment_method: 'razorpay' });
    const page = await site.page(1280);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The query's name and email are not trusted: the dialog shows the server's.
    await page.goto(thanks({ payment: 'success', method: 'paypal', accessId: 'NC-PAID2345', name: 'Someone Else', email: 'else@example.com' }));
    const dialog = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('booking-name').innerText()).toBe('Ada Lovelace');
    expect(await dialog.getByTestId('booking-email').innerText()).toBe('ada@example.com');
    expect(await dialog.getByTestId('booking-workshop').innerText()).toBe('Confirmed Build');
    expect(await dialog.innerText()).toContain('Completed via Razorpay');
    expect(await page.getByTestId('confetti').locator('span').count()).toBe(50);
    await dialog.getByRole('button', { name: 'Got it!' }).click();
    await page.getByRole('heading', { level: 1, name: "You're in, Ada!" }).waitFor();
    expect((await page.getByTestId('countdown').innerText()).replace(/\s+/g, ' ')).toMatch(/^(09|10) DAYS \d\d HOURS/i);
    const calendar = await page.getByRole('link', { name: 'Add to Calendar' }).getAttribute('href');
    expect(calendar).toContain('location=Online');
    // The workshop's own 3 hours, not the 5-hour slot.
    const [from, to] = (new URL(calendar as string).searchParams.get('dates') as string).split('/');
    expect([from, to]).toEqual([date, new Date(date.getTime() + 3 * 3_600_000)].map((d) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')));
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Link copied!'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(site.url(''));
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(site.url('/'));
  });
});
