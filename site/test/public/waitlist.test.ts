import { WAITLIST_MESSAGES } from '@workshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryTransition } from '../../../server/src/registrations/registration-transition';
import { listSandboxEmails } from '../../../server/src/sandbox/sandbox.store';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { waitFor } from '../../../server/test/payments/payments-helpers';
import { addWorkshop, screenshot, startSite, type Site } from './site-harness';

/** The waitlist as a buyer meets it: a full workshop, joining, the offer email's links. */
describe('the waitlist in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ JOB_POLL_INTERVAL_MS: '50' });
  });
  afterAll(() => site?.stop());

  const db = () => site.server.deps.db;

  /** A workshop whose one seat is sold. */
  async function fullWorkshop(title: string) {
    const w = await addWorkshop(site, { title, max_participants: 1, date: new Date(Date.now() + (10 + Math.random()) * 86_400_000) });
    const sold = await insertRegistration(db(), w.id, { status: 'completed' });
    return { w, sold };
  }

  /** Frees the sold seat as an admin cancellation would; the database queues the offer job. */
  const freeSeat = (id: string) => db().transaction((trx) => tryTransition(trx, id, ['completed'], 'cancelled', { cancelled_at: trx.fn.now() }));

  /** The path and query of a link in the latest offer email to `to` (the test server's public origin is a placeholder). */
  async function linkInOffer(to: string, kind: 'book' | 'leave'): Promise<string> {
    const mail = await waitFor(async () => (await listSandboxEmails(db(), to)).find((m) => m.subject.startsWith('A seat is waiting for you')));
    const re = kind === 'book' ? /https?:\/\/\S+(\/\?waitlist_offer=[a-f0-9]{64})/ : /https?:\/\/\S+(\/waitlist\/leave\?token=[a-f0-9]{64})/;
    const m = re.exec(mail.text_body ?? '');
    if (!m) throw new Error(`no ${kind} link in ${mail.text_body}`);
    return m[1];
  }

  it('a sold-out hero offers "Join the waitlist", and joining puts the person in line', async () => {
    const { w } = await fullWorkshop('Sold Out Workshop');
    const page = await site.page();
    await page.goto(site.url('/'));
    const hero = page.getByTestId('hero-workshop');
    await hero.waitFor();
    expect(await hero.getByTestId('hero-register').innerText()).toBe('Sold Out');
    // Never the green AVAILABLE beside "Sold Out".
    expect(await hero.getByTestId('hero-badge').innerText()).toBe('SOLD OUT');
    expect(await hero.getByTestId('hero-badge').getAttribute('class')).toBe('badge badge-closed');
    await hero.getByTestId('hero-waitlist').click();
    const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
    await dialog.getByLabel('Full Name').fill('Maya Singh');
    await dialog.getByLabel('Email Address').fill('maya@example.com');
    await dialog.getByLabel('Phone Number').fill('123');
    await dialog.getByTestId('waitlist-submit').click();
    expect(await dialog.innerText()).toContain('Please enter a valid 10-digit phone number.');
    await dialog.getByLabel('Phone Number').fill('9876543210');
    await dialog.getByTestId('waitlist-submit').click();
    const joined = dialog.getByTestId('waitlist-joined');
    await joined.waitFor();
    expect(await joined.innerText()).toBe(`${WAITLIST_MESSAGES.joined} You are number 1 in line.`);
    await screenshot(page, 'waitlist-joined-1280');
    expect(await db()('waitlist_entries').where({ workshop_id: w.id }).select('name', 'email', 'phone', 'status')).toEqual([
      { name: 'Maya Singh', email: 'maya@example.com', phone: '9876543210', status: 'waiting' },
    ]);

    // The pricing page and the registration dialog offer the same instead of a dead end.
    await page.goto(site.url('/pricing'));
    await page.getByTestId('pricing-waitlist').click();
    await page.getByRole('dialog', { name: 'Join the waitlist' }).getByRole('button', { name: 'Cancel' }).click();
    await page.goto(site.url('/'));
    await page.getByTestId('hero-workshop').waitFor();
    await page.getByTestId('header-register').click();
    const registration = page.getByRole('dialog', { name: 'Workshop Registration' });
    await registration.getByTestId('sold-out-notice').waitFor();
    await registration.getByTestId('form-waitlist').click();
    const again = page.getByRole('dialog', { name: 'Join the waitlist' });
    await again.getByLabel('Full Name').fill('Maya Singh');
    await again.getByLabel('Email Address').fill('MAYA@example.com');
    await again.getByLabel('Phone Number').fill('9876543210');
    await again.getByTestId('waitlist-submit').click();
    expect(await again.getByTestId('waitlist-joined').innerText()).toBe(`${WAITLIST_MESSAGES.alreadyJoined} You are number 1 in line.`);
  });

  it('the offer link opens registration with the details filled in and books the held seat', async () => {
    const { w, sold } = await fullWorkshop('Offer Workshop');
    const api = (p: string, body: unknown) => fetch(site.url(p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await api(`/api/workshops/${w.id}/waitlist`, { name: 'Noor Ali', email: 'noor@example.com', phone: '9876501234' })).status).toBe(201);
    expect((await api(`/api/workshops/${w.id}/waitlist`, { name: 'Second Person', email: 'second@example.com', phone: '9876501235' })).status).toBe(201);
    await freeSeat(sold.id);
    const link = await linkInOffer('noor@example.com', 'book');

    const page = await site.page();
    await page.goto(site.url(link));
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByTestId('offer-notice').waitFor();
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe('Noor Ali');
    expect(await dialog.getByLabel('Email Address').inputValue()).toBe('noor@example.com');
    expect(await dialog.getByLabel('Phone Number').inputValue()).toBe('9876501234');
    await screenshot(page, 'waitlist-offer-dialog-1280');
    await dialog.getByTestId('pay-button').click();
    await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/);
    await page.getByTestId('sandbox-paypal-approve').click();
    await page.waitForURL(/\/thank-you\?payment=success/);
    await page.getByRole('dialog', { name: 'Booking Confirmed!' }).waitFor();
    expect(await db()('waitlist_entries').where({ workshop_id: w.id }).orderBy('created_at').pluck('status')).toEqual(['booked', 'waiting']);
    // The second person was told they joined, and offered nothing.
    await expect.poll(async () => (await listSandboxEmails(db(), 'second@example.com')).map((m) => m.subject)).toEqual(["You're on the waitlist: Offer Workshop"]);
  });

  it('leaving from the email link asks first, then passes the seat to the next in line', async () => {
    const { w, sold } = await fullWorkshop('Leave Workshop');
    const api = (p: string, body: unknown) => fetch(site.url(p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await api(`/api/workshops/${w.id}/waitlist`, { name: 'Omar Haddad', email: 'omar@example.com', phone: '9876501236' });
    await api(`/api/workshops/${w.id}/waitlist`, { name: 'Priya Nair', email: 'priya@example.com', phone: '9876501237' });
    await freeSeat(sold.id);
    const link = await linkInOffer('omar@example.com', 'leave');

    const page = await site.page();
    await page.goto(site.url(link));
    await page.getByTestId('waitlist-leave-confirm').click();
    const result = page.getByTestId('waitlist-leave-result');
    await result.waitFor();
    expect(await result.innerText()).toBe(`${WAITLIST_MESSAGES.left} (Leave Workshop)`);
    await screenshot(page, 'waitlist-left-1280');
    expect(await db()('waitlist_entries').where({ email: 'omar@example.com' }).first('status')).toEqual({ status: 'left' });
    await linkInOffer('priya@example.com', 'book');
  });
});
