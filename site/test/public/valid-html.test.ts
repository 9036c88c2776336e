import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBookingToken } from '../../../server/src/registrations/booking-token';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { htmlErrors, htmlWarnings, validateHtml, type HtmlReport } from '../../../server/test/support/vnu';
import { addWorkshop, startSite, type Site } from './site-harness';

const DAY = 86_400_000;

/** Every public route, prerendered or drawn in the browser, and the 404. */
const ROUTES = [
  '/',
  '/about',
  '/pricing',
  '/contact',
  '/terms',
  '/privacy',
  '/refund-policy',
  '/learn',
  '/why-no-code',
  '/who-should-attend',
  '/platform',
  '/thank-you',
  '/unsubscribe?token=not-a-real-token',
  '/waitlist/leave?token=not-a-real-token',
  '/no-such-page',
];

/** Fails with every error the Nu HTML Checker found, by document; its warnings are printed, not failed on. */
function expectValid(reports: Record<string, HtmlReport>) {
  const warnings = htmlWarnings(reports);
  if (warnings.length) console.warn(`HTML checker warnings:\n${warnings.join('\n')}`);
  expect(htmlErrors(reports), `Nu HTML Checker errors in ${Object.keys(reports).length} documents`).toEqual([]);
}

/** The page as the browser holds it once live: what its scripts drew, dialogs included. */
const dom = (page: Page) => page.content();

describe('valid HTML on every public page (Nu HTML Checker)', () => {
  let site: Site;
  let bookingPath: string;
  let thanksPath: string;
  beforeAll(async () => {
    site = await startSite();
    const db = site.server.deps.db;
    const main = await addWorkshop(site, { title: 'No-Code App Development Workshop', max_participants: 20, date: new Date(Date.now() + 14 * DAY) });
    await addWorkshop(site, { title: 'Saturday Small-Group Build Session', date: new Date(Date.now() + 21 * DAY) });
    await addWorkshop(site, { title: 'Automations & Integrations Deep Dive', date: new Date(Date.now() + 35 * DAY), registration_open: false });
    const link = newBookingToken();
    await insertRegistration(db, main.id, { name: 'Priya Rao', email: 'priya@example.com', access_id: 'NC-HTML2345', payment_method: 'razorpay', booking_token_hash: link.hash });
    bookingPath = `/booking/${link.token}`;
    thanksPath = `/thank-you?${new URLSearchParams({ payment: 'success', method: 'razorpay', accessId: 'NC-HTML2345' })}`;
  });
  afterAll(() => site?.stop());

  it('as the server sends them: every route, a booking page, a confirmed thank-you and the 404', async () => {
    const documents: Record<string, string> = {};
    for (const path of [...ROUTES, bookingPath, thanksPath]) {
      const res = await fetch(site.url(path));
      expect(res.headers.get('content-type'), path).toContain('text/html');
      documents[path] = await res.text();
    }
    expectValid(await validateHtml(documents));
  });

  it('once live in Chromium: every route, the carousel on a phone, the dialogs and forms with their errors', async () => {
    const documents: Record<string, string> = {};
    const page = await site.page(1280);
    for (const path of ROUTES) {
      await page.goto(site.url(path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      documents[`${path} (live)`] = await dom(page);
    }

    // The home page with its live workshop, on a phone (the skills carousel and its controls).
    const phone = await site.page(375);
    await phone.goto(site.url('/'));
    await phone.getByTestId('hero-workshop').waitFor();
    await phone.getByTestId('learn-track').scrollIntoViewIfNeeded();
    await phone.getByRole('button', { name: 'Next skill' }).click();
    documents['/ at 375px (live)'] = await dom(phone);

    // The registration dialog, with the workshop picker and a second seat to name.
    await page.goto(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
    await page.getByTestId('header-register').click();
    const registration = page.getByRole('dialog', { name: 'Workshop Registration' });
    await registration.getByLabel('Full Name').waitFor();
    await registration.getByRole('button', { name: 'One seat more' }).click();
    await registration.getByLabel('Seat 2 name').waitFor();
    documents['/ registration dialog'] = await dom(page);
    await page.keyboard.press('Escape');

    // The floating question panel, opened from the keyboard.
    await page.goto(site.url('/contact'));
    await page.getByRole('button', { name: 'Have Questions?' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('question-panel').getByLabel('Name').waitFor();
    documents['/contact question panel'] = await dom(page);

    // The interest form a cancelled payment reopens.
    await page.goto(site.url('/?payment=cancelled'));
    await page.getByRole('dialog', { name: 'Facing issues?' }).waitFor();
    documents['/?payment=cancelled interest dialog'] = await dom(page);

    // A confirmed booking's thank-you dialog, then the page behind it.
    await page.goto(site.url(thanksPath));
    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await confirmed.waitFor();
    documents['/thank-you booking dialog'] = await dom(page);
    await confirmed.getByRole('button', { name: 'Got it!' }).click();
    await page.getByTestId('countdown').waitFor();
    documents['/thank-you confirmed'] = await dom(page);

    // The buyer's booking page, with its cancellation preview open.
    await page.goto(site.url(bookingPath));
    await page.getByTestId('booking-page').waitFor();
    documents['/booking/<token>'] = await dom(page);
    await page.getByTestId('booking-cancel').click();
    await page.getByTestId('booking-cancel-preview').waitFor();
    documents['/booking/<token> cancel preview'] = await dom(page);

    // A link that is no longer valid, answered.
    await page.goto(site.url('/unsubscribe?token=not-a-real-token'));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('status').waitFor();
    documents['/unsubscribe answered'] = await dom(page);

    // A sold-out workshop's waitlist dialog, its errors shown.
    const full = await addWorkshop(site, { title: 'Sold Out Build', max_participants: 1, date: new Date(Date.now() + 7 * DAY) });
    await insertRegistration(site.server.deps.db, full.id, { status: 'completed' });
    await page.goto(site.url('/'));
    await page.getByTestId('hero-waitlist').click();
    const waitlist = page.getByRole('dialog', { name: 'Join the waitlist' });
    await waitlist.getByTestId('waitlist-submit').click();
    await waitlist.getByRole('alert').first().waitFor();
    documents['/ waitlist dialog'] = await dom(page);

    expectValid(await validateHtml(documents));
  }, 240_000); // some twenty pages in one browser, then one Java run over them all, on a shared 2-core machine
});
