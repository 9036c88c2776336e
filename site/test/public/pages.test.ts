import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWorkshop, countRows, startSite, toastTexts, type Site } from './site-harness';

describe('static pages in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());
  beforeEach(async () => {
    await site.server.deps.db('workshops').del();
    await site.server.deps.db('workshop_interests').del();
  });

  it('prices the workshop from the API, with the limit, the offer badge and the footnote', async () => {
    await addWorkshop(site, { title: 'Build Your First App', price_usd_cents: 14900, duration_hours: 6, max_participants: 12 });
    const page = await site.page();
    await page.goto(site.url('/pricing'));
    const card = page.getByTestId('price-card');
    await expect.poll(() => card.innerText()).toContain('Build Your First App');
    const text = await card.innerText();
    for (const s of ['LIMITED TIME OFFER', '$149', '$199', '6 hours of live training', 'Limited to 12 participants', '*no of hours may vary']) expect(text).toContain(s);
    expect(await card.getByRole('button', { name: 'Register Now' }).isEnabled()).toBe(true);
  });

  it('ends every content page with the styled call to action, even when it is the first page opened', async () => {
    for (const route of ['/learn', '/why-no-code', '/who-should-attend', '/about', '/platform']) {
      // A fresh page each time: styles left over from an earlier page must not hide a missing import.
      const page = await site.page(375);
      await page.goto(site.url(route));
      const band = page.locator('.cta-band');
      await band.getByRole('heading', { level: 2 }).waitFor();
      const look = await band.evaluate((el) => ({ background: getComputedStyle(el).backgroundImage, color: getComputedStyle(el).color }));
      expect(look.background, route).toContain('linear-gradient');
      expect(look.color, route).toBe('rgb(255, 255, 255)');
      await page.close();
    }
  });

  it('falls back to the default workshop, closed, when there is none', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/pricing'));
    const card = page.getByTestId('price-card');
    await expect.poll(() => card.innerText()).toContain('No-Code App Development Workshop');
    const text = await card.innerText();
    for (const s of ['REGISTRATION CLOSED', '$99', '5 hours of live training']) expect(text).toContain(s);
    expect(text).not.toContain('Limited to');
    const button = card.getByRole('button', { name: 'Registration Closed' });
    expect(await button.isDisabled()).toBe(true);
  });

  it('sends the contact form to the team as an interest, with its validation first', async () => {
    const page = await site.page();
    await page.goto(site.url('/contact'));
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual(['First name is required', 'Invalid email address', 'Subject is required', 'Message is required']);
    expect(await countRows(site, 'workshop_interests')).toBe(0);
    await form.getByLabel('First name').fill('Sofia');
    await form.getByLabel('Last name').fill('Garcia');
    await form.getByLabel('Email').fill('sofia@example.com');
    await form.getByLabel('Subject').fill('Group booking');
    await form.getByLabel('Message').fill('Can I book five seats for my team?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Message sent!'));
    expect(await form.getByLabel('First name').inputValue()).toBe('');
    const rows = await site.server.deps.db('workshop_interests').select('name', 'email', 'source', 'status');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'sofia@example.com', source: 'contact', status: 'interested' });
    expect(rows[0].name).toContain('Sofia');
  });

  it('shows the policy terms on the legal pages, last updated 27 September 2025', async () => {
    const page = await site.page();
    const expectations: [string, string[]][] = [
      ['/refund-policy', ['$0.60 or 3%', '50% refund', 'at least 24 hours', '5-7 business days', '14 working days']],
      ['/terms', ['18 or older', '13 to 17', 'under 13', '5 Mbps', '48 hours notice', '30 days']],
      ['/privacy', ['3 years', '7 years', '1-2 years']],
    ];
    for (const [path, phrases] of expectations) {
      await page.goto(site.url(path));
      const main = page.getByRole('main');
      await expect.poll(() => main.innerText()).toContain('Last updated: 27 September 2025');
      const text = await main.innerText();
      for (const p of phrases) expect(text, `${path}: ${p}`).toContain(p);
    }
  });

  it('states the retention periods the owners set, the ones the daily job applies, and links Your data', async () => {
    const db = site.server.deps.db;
    await db('admin_settings').insert({ setting_key: 'retention', setting_value: JSON.stringify({ registration_years: 2, lead_years: 1, payment_years: 9 }) }).onConflict('setting_key').merge();
    try {
      const page = await site.page();
      await page.goto(site.url('/privacy'));
      const main = page.getByRole('main');
      await expect.poll(() => main.innerText()).toContain('Registration data (names, email addresses, phone numbers, billing details): 2 years after the workshop, then anonymised.');
      const text = await main.innerText();
      expect(text).toContain('Payment records and invoices: 9 years after the workshop, as tax law requires, then deleted.');
      expect(text).toContain('Questions, preview-video sign-ups, waitlist places and checkout reminders: 1 year after their last change, then anonymised.');
      expect(await main.getByRole('link', { name: 'Your data' }).getAttribute('href')).toBe('/your-data');
    } finally {
      await db('admin_settings').where({ setting_key: 'retention' }).delete();
    }
  });
});
