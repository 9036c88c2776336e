import { PRIVACY_KEPT, PRIVACY_MESSAGES } from '@workshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmails, waitFor } from '../../../server/test/payments/payments-helpers';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { htmlErrors, validateHtml } from '../../../server/test/support/vnu';
import { addWorkshop, screenshot, seriousA11yViolations, type Site, startSite } from './site-harness';

/** "Your data" (issue 27, point 2) as a person uses it at 375 px: ask, open the email's link, see and keep what is held, or have it erased. */
let site: Site;
beforeAll(async () => {
  site = await startSite({ JOB_POLL_INTERVAL_MS: '100' });
}, 120_000);
afterAll(() => site.stop());

describe('your data', () => {
  it('is linked from every page’s footer, asks for an address, and the emailed link shows what is held, to keep as a file', async () => {
    const w = await addWorkshop(site, { title: 'Data Workshop' });
    await insertRegistration(site.server.deps.db, w.id, { name: 'Dara Data', email: 'dara.data@example.com', phone: '9876500000' });
    const page = await site.page(375);
    await page.goto(site.url('/pricing'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Your data' }).click();
    await page.getByTestId('your-data-page').waitFor();
    expect(await (await fetch(site.url('/your-data'))).text()).toContain('<meta name="robots" content="noindex" />');
    expect(await (await fetch(site.url('/privacy/confirm?token=x'))).text()).toContain('<meta name="robots" content="noindex" />');

    await page.getByLabel('Your email address').fill('not an email');
    await page.getByTestId('your-data-submit').click();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid email address');
    await page.getByLabel('Your email address').fill('dara.data@example.com');
    await page.getByTestId('your-data-submit').click();
    expect(await page.getByTestId('your-data-sent').textContent()).toBe(PRIVACY_MESSAGES.sent);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'your-data-sent-375');

    const mail = await waitFor(async () => (await sandboxEmails(site.server, 'dara.data@example.com')).find((m) => m.subject === 'Confirm your data request'));
    const link = mail.text_body!.match(/https?:\/\/\S+\/privacy\/confirm\?token=\S+/)![0];
    await page.goto(site.url(new URL(link).pathname + new URL(link).search));
    await page.getByTestId('privacy-confirm-button').click();
    await page.getByTestId('privacy-export').waitFor();
    expect(await page.getByTestId('privacy-bookings').innerText()).toContain('Data Workshop');
    expect(await page.getByTestId('privacy-bookings').innerText()).toContain('9876500000');
    expect(await page.getByTestId('privacy-download').getAttribute('download')).toBe('your-data.json');
    const json = JSON.parse(decodeURIComponent((await page.getByTestId('privacy-download').getAttribute('href'))!.split(',').slice(1).join(',')));
    expect(json.bookings[0]).toMatchObject({ workshop: 'Data Workshop', name: 'Dara Data' });
    // The readable copy: a whole page a browser opens offline, valid HTML, with the same lists.
    expect(await page.getByTestId('privacy-download-html').getAttribute('download')).toBe('your-data.html');
    const html = decodeURIComponent((await page.getByTestId('privacy-download-html').getAttribute('href'))!.split(',').slice(1).join(','));
    expect(html).toContain('<li>Data Workshop');
    expect(html).toContain('dara.data@example.com');
    expect(htmlErrors(await validateHtml({ 'your-data.html': html }))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'your-data-export-375');

    // The same link again: a clear page, nothing shown.
    await page.reload();
    await page.getByTestId('privacy-confirm-button').click();
    expect(await page.getByTestId('privacy-error').textContent()).toBe(PRIVACY_MESSAGES.invalid);
  });

  it('erases on request once the emailed link is pressed, after saying which booking still to come stops it', async () => {
    const db = site.server.deps.db;
    const past = await addWorkshop(site, { title: 'Past Data Workshop' });
    await db('workshops').where({ id: past.id }).update({ date: new Date(Date.now() - 10 * 86_400_000) });
    const coming = await addWorkshop(site, { title: 'Coming Data Workshop' });
    await insertRegistration(db, past.id, { name: 'Erin Erase', email: 'erin.erase@example.com' });
    const upcoming = await insertRegistration(db, coming.id, { name: 'Erin Erase', email: 'erin.erase@example.com' });

    const page = await site.page(375);
    await page.goto(site.url('/your-data'));
    await page.getByLabel('Erase my data').check();
    await page.getByLabel('Your email address').fill('erin.erase@example.com');
    await screenshot(page, 'your-data-erasure-375');
    await page.getByTestId('your-data-submit').click();
    await page.getByTestId('your-data-sent').waitFor();

    const mail = await waitFor(async () => (await sandboxEmails(site.server, 'erin.erase@example.com')).find((m) => m.subject === 'Confirm your data request'));
    expect(mail.text_body).toContain('the erasure of the data we hold about this email address');
    const link = new URL(mail.text_body!.match(/https?:\/\/\S+\/privacy\/confirm\?token=\S+/)![0]);
    await page.goto(site.url(link.pathname + link.search));
    expect(await page.getByTestId('privacy-confirm-button').textContent()).toBe('Erase my data');
    await page.getByTestId('privacy-confirm-button').click();
    expect(await page.getByTestId('privacy-blocked').textContent()).toBe(PRIVACY_MESSAGES.blocked);
    expect(await page.getByTestId('privacy-blocking').innerText()).toContain('Coming Data Workshop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'your-data-erasure-blocked-375');
    expect(await db('workshop_registrations').where({ email: 'erin.erase@example.com' }).count('* as n').first()).toEqual({ n: 2 });

    // The organiser cancels the booking still to come; the same page erases the rest.
    await db('workshop_registrations').where({ id: upcoming.id }).update({ status: 'cancelled', cancelled_at: new Date() });
    await page.getByTestId('privacy-try-again').click();
    expect(await page.getByTestId('privacy-erased').textContent()).toBe(PRIVACY_MESSAGES.erased);
    expect(await page.getByTestId('privacy-erased-list').innerText()).toContain('2 bookings');
    expect((await page.getByTestId('privacy-kept').locator('li').allTextContents())).toEqual([...PRIVACY_KEPT]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'your-data-erased-375');
    expect(await db('workshop_registrations').where({ email: 'erin.erase@example.com' }).first()).toBeUndefined();
  });
});
