import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { addWorkshop, startSite, viewportShot, type Site } from './site-harness';

// 2:00 PM Eastern on Saturday 7 December 2030 is half past midnight on Sunday in India.
const START = new Date('2030-12-07T19:00:00Z');
const LOCAL = 'Sunday, December 8, 2030, 12:30 AM India Standard Time (your time)';
const EASTERN = 'Saturday, December 7, 2:00 PM EST (Eastern Time)';

describe("workshop times in the visitor's time zone, with Eastern time beside them", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    const w = await addWorkshop(site, { title: 'Zoned Workshop', date: START });
    await addWorkshop(site, { title: 'Later Workshop', date: new Date('2031-01-11T19:00:00Z') });
    await insertRegistration(site.server.deps.db, w.id, { name: 'Priya Raman', access_id: 'NC-ZONE2345' });
  });
  afterAll(() => site?.stop());

  const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

  it('shows a visitor in India their own time and Eastern time, in the hero, pricing, the dialog and on the thank-you page', async () => {
    const page = await site.page(375, { timezoneId: 'Asia/Kolkata' });
    await page.goto(site.url('/'));
    const hero = page.getByTestId('hero-workshop');
    await expect.poll(async () => lines(await hero.getByTestId('event-time').innerText())).toEqual([LOCAL, EASTERN]);
    await hero.getByTestId('event-time').scrollIntoViewIfNeeded();
    await viewportShot(page, 'time-zone-hero-375');

    await hero.getByRole('button', { name: 'Register Now →' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    const choice = dialog.getByTestId('workshop-choice').filter({ hasText: 'Zoned Workshop' });
    expect(lines(await choice.getByTestId('event-time').innerText())).toEqual([LOCAL, EASTERN]);
    await page.keyboard.press('Escape');

    await page.goto(site.url('/pricing'));
    await expect.poll(async () => lines(await page.getByTestId('price-card').getByTestId('event-time').innerText())).toEqual([LOCAL, EASTERN]);

    await page.goto(site.url('/thank-you?payment=success&method=paypal&accessId=NC-ZONE2345'));
    const booking = page.getByRole('dialog', { name: 'Booking Confirmed!' });
    await booking.waitFor();
    expect(await booking.getByTestId('booking-date').innerText()).toBe('Sunday, December 8, 2030');
    expect(await booking.getByTestId('booking-time').innerText()).toBe(`12:30 AM India Standard Time (your time) · ${EASTERN}`);
    await booking.getByRole('button', { name: 'Got it!' }).click();
    expect(lines(await page.getByTestId('thanks-confirmed').getByTestId('event-time').innerText())).toEqual([LOCAL, EASTERN]);
  });

  it('gives a visitor on Eastern time one time, naming the zone', async () => {
    const page = await site.page(1280, { timezoneId: 'America/New_York' });
    await page.goto(site.url('/'));
    await expect
      .poll(async () => lines(await page.getByTestId('hero-workshop').getByTestId('event-time').innerText()))
      .toEqual(['Saturday, December 7, 2030, 2:00 PM Eastern Standard Time']);
  });
});
