import { BY_HAND_MESSAGES } from '@workshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBookingToken } from '../../../server/src/registrations/booking-token';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { adminToken, client } from '../../../server/test/support/test-server';
import { HOUR_MS, readIcs } from '../../../server/test/support/ics';
import { addWorkshop, screenshot, startSite, toastTexts, type Site } from './site-harness';

const DAY = 86_400_000;

/** The buyer's manage-your-booking page, opened from the link in the confirmation email. */
describe('the booking page in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  async function booking(overrides: Record<string, unknown> = {}) {
    const w = await addWorkshop(site, { title: 'Booked Workshop', date: new Date(Date.now() + 14 * DAY), join_url: 'https://meet.example.com/room-1', ...overrides });
    const link = newBookingToken();
    const reg = await insertRegistration(site.server.deps.db, w.id, { name: 'Priya Rao', email: 'priya@example.com', booking_token_hash: link.hash });
    return { token: link.token, reg };
  }

  async function openAs(token: string, width: number, timezoneId: string) {
    const context = await site.browser.newContext({ viewport: { width, height: 812 }, timezoneId });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(site.url(`/booking/${token}`));
    await page.getByTestId('booking-page').waitFor();
    return page;
  }

  it('shows the booking in the visitor’s time with Eastern time beside it, hides the join link until it is due, and cancels by the policy', async () => {
    const { token, reg } = await booking();
    const page = await openAs(token, 375, 'Asia/Kolkata');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Booked Workshop');
    const start = await page.getByTestId('booking-start').innerText();
    expect(start).toMatch(/GMT\+5:30 \(your time\)/);
    expect(start).toMatch(/E[SD]T \(Eastern time\)/);
    expect(await page.getByTestId('booking-paid').innerText()).toBe('$99.00');
    expect(await page.getByTestId('booking-join-later').innerText()).toContain('The join link appears here 24 hours before the start');
    expect(await page.content()).not.toContain('room-1');
    expect(await page.getByTestId('booking-your-data').getByRole('link', { name: 'Your data' }).getAttribute('href')).toBe('/your-data');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'booking-375');

    await page.getByTestId('booking-cancel').click();
    const preview = page.getByTestId('booking-cancel-preview');
    await expect.poll(() => preview.innerText()).toContain('Under our cancellation policy you get $96.03 back.');
    expect((await site.server.deps.db('workshop_registrations').where({ id: reg.id }).first()).status).toBe('completed');
    await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('$96.03 is being refunded'));
    await expect.poll(() => page.getByText('Your booking · Cancelled, refund on its way').count()).toBe(1);
    expect((await site.server.deps.db('workshop_registrations').where({ id: reg.id }).first()).status).toBe('refund_pending');
  });

  it('draws the booking again when it changed behind the page: an admin cancelled it while the buyer read the refund offered', async () => {
    const { token, reg } = await booking();
    const page = await openAs(token, 375, 'America/New_York');
    await page.getByTestId('booking-cancel').click();
    await expect.poll(() => page.getByTestId('booking-cancel-preview').innerText()).toContain('Under our cancellation policy you get $96.03 back.');
    const admin = await adminToken(site.server);
    expect((await client(site.server.url)('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: admin })).status).toBe(200);

    await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Could not cancel'));
    await expect.poll(() => page.getByText('Your booking · Cancelled').count()).toBe(1);
    expect(await page.getByTestId('booking-cancel-preview').count()).toBe(0);
    expect(await page.getByTestId('booking-cancel').count()).toBe(0);
    // The admin's decision stands: nothing was refunded by the buyer's late click.
    expect(await site.server.deps.db('refunds').where({ registration_id: reg.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect((await site.server.deps.db('workshop_registrations').where({ id: reg.id }).first()).status).toBe('cancelled');
  });

  it('offers the emailed invite’s event: its UID and SEQUENCE, the workshop’s hours, the site’s address and not the secret link', async () => {
    const { token, reg } = await booking({ duration_hours: 3 });
    await site.server.deps.db('workshop_registrations').where({ id: reg.id }).update({ calendar_sequence: 3 });
    const page = await openAs(token, 1280, 'America/New_York');
    const href = (await page.getByRole('link', { name: 'Calendar file (.ics)' }).getAttribute('href')) as string;
    const read = readIcs(decodeURIComponent(href.replace(/^data:text\/calendar;charset=utf-8,/, '')));
    expect(read).toMatchObject({ uid: `${reg.id}@nocode-workshop`, sequence: 2, description: `Access ID: ${reg.access_id}\n${site.url('')}` });
    expect(read.end.getTime() - read.start.getTime()).toBe(3 * HOUR_MS);
    for (const name of ['Google Calendar', 'Outlook']) expect(await page.getByRole('link', { name }).getAttribute('href')).not.toContain(token);
    expect(href).not.toContain(token);
  });

  it('shows the join details once they are due', async () => {
    const { token } = await booking({ date: new Date(Date.now() + 3 * 3_600_000), join_passcode: '9911' });
    const page = await openAs(token, 1280, 'America/New_York');
    const join = page.getByTestId('booking-join');
    await expect.poll(() => join.innerText()).toContain('Passcode: 9911');
    // The seat's tracked link (it leads into the meeting when the workshop is on), never the meeting's address.
    expect(await join.getByRole('link', { name: 'Join the workshop' }).getAttribute('href')).toMatch(/^https?:\/\/.+\/join\/[A-Za-z0-9_-]{43}$/);
    expect(await page.content()).not.toContain('meet.example.com');
    // In Eastern time there is one line, not the same time twice.
    expect(await page.getByTestId('booking-start').innerText()).not.toContain('(Eastern time)');
  });

  it('offers a buyer whose workshop moved after they booked both choices, and the email\'s cancel link asks at once', async () => {
    // Bought yesterday; the workshop's date was changed since.
    const { token, reg } = await booking({ title: 'Moved Workshop', rescheduled_at: new Date() });
    await site.server.deps.db('workshop_registrations').where({ id: reg.id }).update({ completed_at: new Date(Date.now() - DAY) });
    for (const width of [375, 1440]) {
      const page = await openAs(`${token}?choice=cancel`, width, 'America/New_York');
      const notice = page.getByTestId('booking-moved');
      expect(await notice.innerText()).toMatch(/^Your workshop moved after you booked\. Keep your seat \(there is nothing to do\), or cancel for a full refund of \$99\.00 until .+\.\n/);
      const preview = page.getByTestId('booking-cancel-preview');
      await preview.waitFor();
      expect(await preview.innerText()).toContain('The workshop moved after you booked, so you get everything back: $99.00.');
      await screenshot(page, `booking-moved-choice-${width}`);
      await page.context().close();
    }
  });

  it('hands the booking to a colleague from a phone: the form checks the fields, then the page says whose it is now', async () => {
    const { token, reg } = await booking({ title: 'Handed Workshop' });
    const page = await openAs(token, 375, 'America/New_York');
    await page.getByTestId('booking-transfer-open').click();
    const form = page.getByTestId('booking-transfer');
    await form.getByLabel('Name').fill('Cara Colleague');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone').fill('9123456780');
    await form.getByTestId('booking-transfer-submit').click();
    expect(await form.getByRole('alert').innerText()).toBe('Invalid email address');
    await form.getByLabel('Email').fill('cara.page@example.com');
    // The error goes with the value it was about.
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'booking-transfer-375');
    await form.getByTestId('booking-transfer-submit').click();
    await page.getByTestId('booking-transferred').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Your seat now belongs to Cara Colleague');
    expect(await site.server.deps.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ name: 'Cara Colleague', email: 'cara.page@example.com', phone: '9123456780' });
    expect((await fetch(site.url(`/api/booking/${token}`))).status).toBe(404);
    await page.context().close();
  });

  it('a booking an admin added by hand: paid outside the site shows its amount and who to ask instead of a cancel button; a complimentary seat cancels with nothing to refund', async () => {
    const w = await addWorkshop(site, { title: 'Hand Booked Workshop', date: new Date(Date.now() + 14 * DAY) });
    const admin = await adminToken(site.server, { email: 'hands@workshop.test', password: 'hands password 1' });
    const added = async (email: string, body: Record<string, unknown>) => {
      const res = await client(site.server.url)('POST', '/api/admin/registrations', { token: admin, body: { workshop_id: w.id, name: 'Olu Offline', email, ...body } });
      expect(res.status, res.text).toBe(201);
      // The admin never sees the buyer's link: the page is opened with one made here.
      const link = newBookingToken();
      await site.server.deps.db('workshop_registrations').where({ id: res.body.registration.id }).update({ booking_token_hash: link.hash });
      return link.token;
    };
    const offline = await openAs(await added('olu.offline@example.com', { payment: 'offline', amount_cents: 7500, note: 'Cash' }), 375, 'America/New_York');
    expect(await offline.getByTestId('booking-paid').innerText()).toBe('$75.00 (paid outside the site)');
    expect(await offline.getByTestId('booking-offline').innerText()).toBe(BY_HAND_MESSAGES.buyerCancel);
    expect(await offline.getByTestId('booking-cancel').count()).toBe(0);
    expect(await offline.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await offline.getByTestId('booking-offline').scrollIntoViewIfNeeded();
    await screenshot(offline, 'booking-offline-375');
    await offline.context().close();

    const comp = await openAs(await added('cara.comp@example.com', { payment: 'complimentary' }), 375, 'America/New_York');
    expect(await comp.getByTestId('booking-paid').innerText()).toBe('Complimentary');
    await comp.getByTestId('booking-cancel').click();
    expect(await comp.getByTestId('booking-cancel-preview').innerText()).toContain('Your seat was complimentary, so there is nothing to refund.');
    await comp.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await expect.poll(async () => (await site.server.deps.db('workshop_registrations').where({ email: 'cara.comp@example.com' }).first()).status).toBe('cancelled');
    await comp.context().close();
  });

  it('says so, with a way to reach us, for a link that does not open a booking', async () => {
    const page = await site.page(375);
    await page.goto(site.url(`/booking/${'A'.repeat(43)}`));
    const missing = page.getByTestId('booking-missing');
    await expect.poll(() => missing.innerText()).toContain('We could not find this booking');
    expect(await missing.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
  });
});
