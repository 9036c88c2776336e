import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { moveSeat } from '../../../server/src/bookings/seat-move.service';
import { emailSender } from '../../../server/src/email/email.data';
import { sandboxEmails, waitFor } from '../../../server/test/payments/payments-helpers';
import { addWorkshop, screenshot, seriousA11yViolations, startSite, toastTexts, viewportShot, type Site } from './site-harness';

const linkIn = (text: string | null | undefined) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];

/**
 * Team bookings in the browser: the Seats stepper with its live total, naming the team in the
 * dialog, paying for every seat at once through the provider sandboxes, then the buyer's page
 * with three seats: renaming one (its old link stops working) and cancelling one by the policy.
 */
describe('team bookings in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  const db = () => site.server.deps.db;
  // One workshop on the site at a time, so the hero's Register Now picks it.
  beforeEach(async () => {
    await db()('workshop_registrations').del();
    await db()('revive').del().catch(() => {});
    await db()('promo_codes').del();
    await db()('workshops').del();
  });
  async function openRegistration(width: number): Promise<{ page: Page; dialog: ReturnType<Page['getByRole']> }> {
    const page = await site.page(width);
    await page.goto(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
    await page.getByTestId('hero-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Full Name').waitFor();
    return { page, dialog };
  }
  async function fillBuyer(dialog: ReturnType<Page['getByRole']>, name: string, email: string, phone = '9876543210') {
    await dialog.getByLabel('Full Name').fill(name);
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByLabel('Phone Number').fill(phone);
  }

  it('at 375 px: the stepper stops at the seats left, the total follows it, and a card pays for every seat with the team named', async () => {
    const w = await addWorkshop(site, { title: 'Team Sprint', price_usd_cents: 4900, max_participants: 4 });
    const { page, dialog } = await openRegistration(375);
    const seats = dialog.getByLabel('Seats');
    const more = dialog.getByRole('button', { name: 'One seat more' });
    const total = dialog.getByTestId('seats-total');
    const pay = dialog.getByTestId('pay-button');
    // One seat is today's dialog: the SPEC's button words, no attendee fields.
    expect(await seats.inputValue()).toBe('1');
    expect(await total.innerText()).toBe('1 seat · $49');
    expect(await dialog.getByTestId('attendee-fields').count()).toBe(0);
    await dialog.getByLabel('Razorpay').check();
    expect(await pay.innerText()).toBe('Pay with Razorpay - $49');

    for (let i = 0; i < 5; i++) if (await more.isEnabled()) await more.click();
    expect(await seats.inputValue()).toBe('4');
    expect(await more.isDisabled()).toBe(true);
    expect(await total.innerText()).toBe('4 seats × $49 = $196');
    await dialog.getByRole('button', { name: 'One seat fewer' }).click();
    expect(await total.innerText()).toBe('3 seats × $49 = $147');
    expect(await pay.innerText()).toBe('Pay with Razorpay - $147');

    await fillBuyer(dialog, 'Meera Lead', 'meera@example.com', '9123456780');
    await dialog.getByLabel('Seat 2 name').fill('Ravi Team');
    await pay.click();
    await expect.poll(async () => (await toastTexts(page)).at(-1) ?? '').toContain('Please give both a name and an email for seat 2, or leave both empty.');
    expect(await db()('workshop_registrations').where({ workshop_id: w.id })).toEqual([]);
    await dialog.getByLabel('Seat 2 email').fill('ravi@example.com');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByTestId('attendee-fields').scrollIntoViewIfNeeded();
    await viewportShot(page, 'registration-seats-375');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await pay.click();
    await page.getByTestId('sandbox-razorpay-pay').click();
    await page.waitForURL(/\/thank-you\?payment=success&method=razorpay/);
    const order = await waitFor(async () => db()('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).first());
    expect(order).toMatchObject({ name: 'Meera Lead', seats: 3, seats_bought: 3, amount: 14700, unit_amount: 4900 });
    expect((await db()('provider_sandbox.razorpay_orders').where({ id: order.provider_order_id }).first()).amount).toBe(14700);
    const rows = await db()('attendees').where({ registration_id: order.id }).orderBy('position');
    expect(rows.map((a) => [a.position, a.name, a.email])).toEqual([
      [1, 'Meera Lead', 'meera@example.com'],
      [2, 'Ravi Team', 'ravi@example.com'],
      [3, null, null],
    ]);
    // Ravi is told on his own, with a link of his own; one seat is left for the public.
    const ravi = await waitFor(async () => (await sandboxEmails(site.server, 'ravi@example.com'))[0]);
    expect(ravi.text_body).toContain('Hi Ravi Team, Meera Lead booked you a seat at Team Sprint.');
    const left = (await (await fetch(site.url('/api/workshops'))).json()).find((x: { id: string }) => x.id === w.id).seats_left;
    expect(left).toBe(1);
  });

  it('at 1440 px: a promo code prices every seat and PayPal is asked for the whole total', async () => {
    const w = await addWorkshop(site, { title: 'Promo Team', price_usd_cents: 10000, max_participants: 20, date: new Date(Date.now() + 20 * 86_400_000) });
    await db()('promo_codes').insert({ code: 'TEAM10', kind: 'percent', value: 10, max_uses: 2, active: true });
    const { page, dialog } = await openRegistration(1440);
    await dialog.getByLabel('Seats').fill('3');
    await dialog.getByTestId('promo-code-input').fill('TEAM10');
    await dialog.getByTestId('promo-apply').click();
    await dialog.getByTestId('promo-applied').waitFor();
    expect(await dialog.getByTestId('seats-total').innerText()).toBe('3 seats × $90 = $270');
    expect(await dialog.getByTestId('pay-button').innerText()).toBe('Pay with PayPal - $270');
    await fillBuyer(dialog, 'Omar Lead', 'omar@example.com');
    await viewportShot(page, 'registration-seats-1440');
    // The code has two uses left and an order of three takes three: refused, nothing held.
    await dialog.getByTestId('pay-button').click();
    await expect.poll(async () => (await toastTexts(page)).join(' ')).toMatch(/Promo Code/);
    expect(await db()('workshop_registrations').where({ workshop_id: w.id })).toEqual([]);

    await dialog.getByRole('button', { name: 'One seat fewer' }).click();
    expect(await dialog.getByTestId('pay-button').innerText()).toBe('Pay with PayPal - $180');
    await dialog.getByTestId('pay-button').click();
    await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
    const asked = await db()('provider_sandbox.paypal_orders').orderBy('created_at', 'desc').first();
    expect(asked.amount).toBe('180.00');
    await page.getByTestId('sandbox-paypal-approve').click();
    await page.waitForURL(/\/thank-you\?payment=success&method=paypal/);
    const order = await waitFor(async () => db()('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).first());
    expect(order).toMatchObject({ seats: 2, amount: 18000, promo_code: 'TEAM10', discount_cents: 2000 });
  });

  it("the buyer's page with three seats: rename one (the old link stops working), cancel one by the policy", async () => {
    const w = await addWorkshop(site, { title: 'Three Seat Page', max_participants: 10, date: new Date(Date.now() + 30 * 86_400_000) });
    const team = [
      { name: 'Lena Buyer', email: 'lena@example.com' },
      { name: 'Kai Seat', email: 'kai@example.com' },
      { name: 'Zoe Seat', email: 'zoe@example.com' },
    ];
    const co = await fetch(site.url('/api/checkout/paypal'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ workshop_id: w.id, name: 'Lena Buyer', email: 'lena@example.com', phone: '9876543210', seats: 3, attendees: team }),
    });
    expect(co.status).toBe(201);
    const approve = await site.page(1440);
    await approve.goto((await co.json()).approval_url);
    await approve.getByTestId('sandbox-paypal-approve').click();
    await approve.waitForURL(/\/thank-you\?payment=success/);
    const buyerLink = linkIn((await waitFor(async () => (await sandboxEmails(site.server, 'lena@example.com'))[0])).text_body);
    const zoeLink = linkIn((await waitFor(async () => (await sandboxEmails(site.server, 'zoe@example.com'))[0])).text_body);

    const page = await site.page(375);
    await page.goto(site.url(`/booking/${buyerLink}`));
    await page.getByTestId('booking-page').waitFor();
    expect(await page.getByTestId('booking-paid').innerText()).toBe('$297.00 for 3 seats');
    expect(await page.getByTestId('seat-2').innerText()).toContain('Seat 2 · Kai Seat (kai@example.com)');

    // Zoe cannot come: Sam takes her seat. Zoe's link stops working, Sam gets his own.
    await page.getByTestId('seat-3').getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Seat 3 name').fill('Sam New');
    await page.getByLabel('Seat 3 email').fill('sam@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('seat-3').innerText()).toContain('Sam New (sam@example.com)');
    expect((await fetch(site.url(`/api/booking/${zoeLink}`))).status).toBe(404);
    const samLink = linkIn((await waitFor(async () => (await sandboxEmails(site.server, 'sam@example.com'))[0])).text_body);
    expect(samLink).toBeTruthy();

    await page.getByLabel('Choose seat 2 to cancel').check();
    await page.getByTestId('booking-cancel-seats').click();
    const preview = page.getByTestId('booking-cancel-preview');
    await expect.poll(() => preview.innerText()).toContain('Under our cancellation policy you get $96.03 back.');
    expect(await preview.getByRole('heading').innerText()).toBe('Cancel 1 seat?');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'booking-three-seats-375');
    await page.getByRole('button', { name: 'Yes, cancel 1 seat' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('$96.03 is being refunded'));
    await expect.poll(() => page.getByTestId('seat-2').innerText()).toContain('cancelled');
    const order = await db()('workshop_registrations').where({ workshop_id: w.id }).first();
    expect(order).toMatchObject({ status: 'completed', seats: 2 });
    const seats = await db()('attendees').where({ registration_id: order.id }).orderBy('position');
    expect(seats.map((s) => s.status)).toEqual(['active', 'cancelled', 'active']);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Sam's own link shows his seat only.
    const sam = await site.page(1440);
    await sam.goto(site.url(`/booking/${samLink}`));
    await sam.getByTestId('booking-page').waitFor();
    expect(await sam.getByTestId('booking-seat').innerText()).toBe('Seat 3 of a team booking');
    expect(await sam.getByTestId('booking-seats').count()).toBe(0);
    expect(await sam.getByTestId('booking-cancel').innerText()).toBe('Cancel my seat');
    await screenshot(sam, 'booking-attendee-1440');

    // An admin moves Sam's seat to a later date: the buyer's page says where it went.
    const later = await addWorkshop(site, { title: 'Three Seat Page Later', max_participants: 10, date: new Date(Date.now() + 44 * 86_400_000) });
    await moveSeat(db(), emailSender(site.server.deps.config), order.id, seats[2].id, later.id);
    await page.reload();
    const moved = page.getByTestId('moved-seat');
    await moved.waitFor();
    expect(await moved.innerText()).toMatch(/^Sam New · moved to Three Seat Page Later, .+ \(their own booking now, with its own link\)$/);
    expect(await page.getByTestId('booking-paid').innerText()).toBe('$198.00 for 2 seats');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'booking-seat-moved-375');
    const wide = await site.page(1440);
    await wide.goto(site.url(`/booking/${buyerLink}`));
    await wide.getByTestId('moved-seat').waitFor();
    await screenshot(wide, 'booking-seat-moved-1440');
  }, 120_000);

  it("on the day, the buyer's page gives each seat nobody is named on its own join link to hand out, at 375 px", async () => {
    const w = await addWorkshop(site, { title: 'Hand Out Seats', max_participants: 10, date: new Date(Date.now() + 2 * 3_600_000), join_url: 'https://meet.example.com/hand-out' });
    const co = await fetch(site.url('/api/checkout/paypal'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ workshop_id: w.id, name: 'Hana Handout', email: 'hana@example.com', phone: '9876543210', seats: 3, attendees: [{ name: 'Hana Handout', email: 'hana@example.com' }] }),
    });
    expect(co.status).toBe(201);
    const approve = await site.page(1440);
    await approve.goto((await co.json()).approval_url);
    await approve.getByTestId('sandbox-paypal-approve').click();
    await approve.waitForURL(/\/thank-you\?payment=success/);
    const buyerLink = linkIn((await waitFor(async () => (await sandboxEmails(site.server, 'hana@example.com'))[0])).text_body);
    const order = await db()('workshop_registrations').where({ workshop_id: w.id }).first('id');
    const tokens = (await db()('attendees').where({ registration_id: order.id }).orderBy('position').select('join_token')).map((a) => a.join_token as string);

    const page = await site.page(375);
    await page.goto(site.url(`/booking/${buyerLink}`));
    await page.getByTestId('booking-page').waitFor();
    expect(await page.getByTestId('seat-1').getByTestId('seat-join').count()).toBe(0);
    for (const position of [2, 3]) {
      const link = page.getByTestId(`seat-${position}`).getByTestId('seat-join');
      expect(await link.innerText()).toContain('Join link for whoever takes this seat:');
      expect(await link.getByRole('link').getAttribute('href')).toMatch(new RegExp(`/join/${tokens[position - 1]}$`));
    }
    expect(await page.content()).not.toContain('meet.example.com');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'booking-hand-out-seats-375');
  });
});
