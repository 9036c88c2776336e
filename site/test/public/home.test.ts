import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addWorkshop, countRows, scrollIntoSight, setMaintenance, startSite, recordToasts, toastTexts, type Site } from './site-harness';

describe('home page in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());
  beforeEach(async () => {
    const db = site.server.deps.db;
    await db('workshop_registrations').del();
    await db('workshops').del();
    await db('workshop_interests').del();
    await db('video_leads').del();
    await setMaintenance(site, false);
  });

  async function home(width = 1280, path = '/'): Promise<Page> {
    const page = await site.page(width);
    await page.goto(site.url(path));
    return page;
  }

  it('shows the open workshop with its badge, prices, countdown and other upcoming workshops', async () => {
    await addWorkshop(site, { title: 'Build Your First App', price_usd_cents: 9900 });
    await addWorkshop(site, { title: 'Saturday Session', date: new Date(Date.now() + 20 * 86_400_000) });
    await addWorkshop(site, { title: 'Closed Deep Dive', date: new Date(Date.now() + 30 * 86_400_000), registration_open: false });
    const page = await home();
    const card = page.getByTestId('hero-workshop');
    await expect.poll(() => card.getByRole('heading').innerText()).toBe('Build Your First App');
    expect(await page.getByTestId('hero-badge').innerText()).toBe('AVAILABLE');
    expect(await page.getByTestId('hero-price').innerText()).toContain('$99');
    expect(await card.locator('s').innerText()).toBe('$199');
    expect(await page.getByTestId('hero-register').innerText()).toBe('Register Now →');
    expect(await page.getByTestId('hero-register').isEnabled()).toBe(true);
    expect(await page.getByTestId('hero-status').innerText()).toContain('Seats Available');
    const seconds = async () => (await page.getByTestId('countdown').innerText()).replace(/\s+/g, ' ');
    const first = await seconds();
    expect(first).toMatch(/^\d{2} DAYS \d{2} HOURS \d{2} MINUTES \d{2} SECONDS$/i);
    await expect.poll(seconds, { timeout: 3000 }).not.toBe(first);
    const others = page.getByTestId('other-workshops').getByRole('listitem');
    await expect.poll(() => others.count()).toBe(2);
    expect(await others.nth(0).innerText()).toContain('Open');
    expect(await others.nth(1).innerText()).toContain('Closed');
  });

  it('disables registration when it is closed, and says so in the hero and the dialog', async () => {
    await addWorkshop(site, { registration_open: false });
    const page = await home();
    const button = page.getByTestId('hero-register');
    await expect.poll(() => button.innerText()).toBe('Registration Closed');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('hero-badge').innerText()).toBe('CLOSED');
    expect(await page.getByTestId('hero-status').innerText()).toBe('Registration Closed');
    expect(await page.getByTestId('countdown').count()).toBe(0);
    await page.getByTestId('header-register').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().innerText()).toBe('Registration Closed');
    expect(await dialog.innerText()).toContain('Registration for this workshop is currently closed.');
  });

  it('says the workshop is not available when there is none', async () => {
    const page = await home();
    const box = page.getByTestId('hero-unavailable');
    await box.waitFor();
    expect(await box.innerText()).toContain('Workshop Not Available');
    expect(await box.innerText()).toContain('No active workshops are currently available for registration.');
    await page.getByTestId('header-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Not Available' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('remembers that the announcement banner was dismissed, across reloads', async () => {
    const page = await home();
    const banner = page.getByTestId('announcement-banner');
    expect(await banner.innerText()).toContain('smaller Saturday workshops (20 participants max) are now held even with just 1 registration');
    await page.getByRole('button', { name: 'Dismiss announcement' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('hero-unavailable').waitFor();
    expect(await page.getByTestId('announcement-banner').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('announcement-banner-dismissed'))).toBe('true');
  });

  it('gates the preview video: per-field messages cleared on edit, nothing stored until valid, then autoplay', async () => {
    const w = await addWorkshop(site);
    const page = await home();
    await page.getByRole('button', { name: 'Unlock Preview Video' }).click();
    const form = page.getByTestId('preview-form');
    await form.getByRole('button', { name: 'Watch Preview' }).click();
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual(['Name is required', 'Invalid email address']);
    await form.getByLabel('Name').fill('P');
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual(['Invalid email address']);
    await form.getByLabel('Name').fill('x'.repeat(101));
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Watch Preview' }).click();
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toEqual(['Name must be less than 100 characters', 'Invalid email address']);
    expect(await countRows(site, 'video_leads')).toBe(0);

    await form.getByLabel('Name').fill('Priya Sharma');
    await form.getByLabel('Email').fill('priya@example.com');
    await form.getByRole('button', { name: 'Watch Preview' }).click();
    const video = page.getByTestId('preview-video').locator('iframe');
    await video.waitFor();
    expect(await video.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/.+autoplay=1/);
    expect(await page.evaluate(() => sessionStorage.getItem('video_unlocked'))).toBe('true');
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Enjoy the preview video'));
    const leads = await site.server.deps.db('video_leads').select('name', 'email', 'workshop_id');
    expect(leads).toEqual([{ name: 'Priya Sharma', email: 'priya@example.com', workshop_id: w.id }]);
  });

  it('on payment=cancelled shows the toast, clears the query and reopens the interest form; its validation stores nothing', async () => {
    const page = await site.page(1280);
    const seen = await recordToasts(page);
    await page.goto(site.url('/?payment=cancelled'));
    const dialog = page.getByRole('dialog', { name: 'Facing issues?' });
    await dialog.waitFor();
    await expect.poll(seen, { timeout: 15_000 }).toContain('status: Payment Cancelled');
    expect(await seen()).toContain('Your PayPal payment was cancelled. You can try again anytime.');
    await expect.poll(() => page.url()).toBe(site.url('/'));
    expect(await dialog.innerText()).toContain('Please fill in details and our team will reach out to you.');

    await dialog.getByRole('button', { name: 'Submit Interest' }).click();
    await expect.poll(() => dialog.getByRole('alert').allInnerTexts()).toEqual(['Name is required', 'Invalid email address', 'Please explain your issue']);
    await dialog.getByLabel('Full Name').fill('Ravi');
    await dialog.getByLabel('Email Address').fill('ravi@example');
    await dialog.getByLabel('Explain your issue').fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Submit Interest' }).click();
    await expect.poll(() => dialog.getByRole('alert').allInnerTexts()).toEqual(['Invalid email address', 'Issue must be 500 characters or less']);
    expect(await countRows(site, 'workshop_interests')).toBe(0);
    // Nothing was cleared by the failed attempts.
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe('Ravi');

    await dialog.getByLabel('Email Address').fill('ravi@example.com');
    await dialog.getByLabel('Explain your issue').fill('My card was declined twice');
    await dialog.getByRole('button', { name: 'Submit Interest' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Thank you for your interest!'));
    const rows = await site.server.deps.db('workshop_interests').select('name', 'email', 'message', 'source', 'status');
    expect(rows).toEqual([{ name: 'Ravi', email: 'ravi@example.com', message: 'My card was declined twice', source: 'issue', status: 'interested' }]);
  });

  it('traps focus inside a dialog and closes it with Escape, returning focus', async () => {
    await addWorkshop(site);
    const page = await home();
    const opener = page.getByTestId('header-register');
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Full Name').waitFor();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows the PayPal success and the failure toasts from the query, then resets the URL', async () => {
    const page = await site.page(1280);
    const seen = await recordToasts(page);
    await page.goto(site.url('/?payment=success&method=paypal'));
    await expect.poll(seen, { timeout: 15_000 }).toContain('status: Registration Complete!');
    expect(await seen()).toContain('Your PayPal payment was successful. Check your email for confirmation details.');
    await expect.poll(() => page.url()).toBe(site.url('/'));

    await page.goto(site.url('/?payment=failed&message=The%20card%20was%20declined.'));
    await expect.poll(seen, { timeout: 15_000 }).toContain('alert: Payment Failed');
    expect(await seen()).toContain('The card was declined.');
    await expect.poll(() => page.url()).toBe(site.url('/'));
  });

  it('posts a question from the floating widget, storing "No question provided" when empty', async () => {
    const page = await home(375);
    await page.getByRole('button', { name: 'Have Questions?' }).click();
    const panel = page.getByTestId('question-panel');
    await panel.getByLabel('Name').fill('Maya');
    await panel.getByLabel('Email').fill('maya@example.com');
    await panel.getByRole('button', { name: 'Submit Question' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Thank you for your interest!'));
    const rows = await site.server.deps.db('workshop_interests').select('name', 'message', 'source');
    expect(rows).toEqual([{ name: 'Maya', message: 'No question provided', source: 'question' }]);
  });

  it('shows the maintenance message instead of registration and forms while maintenance is on', async () => {
    await addWorkshop(site);
    await setMaintenance(site, true, 'Back at 6 PM after an upgrade.');
    const page = await home();
    await expect.poll(() => page.getByTestId('maintenance-notice').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('maintenance-notice').first().innerText()).toContain('Back at 6 PM after an upgrade.');
    expect(await page.getByTestId('hero-register').count()).toBe(0);
    expect(await page.getByTestId('header-register').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Have Questions?' }).count()).toBe(0);
    await page.getByTestId('preview-gate').waitFor();
    expect(await page.getByRole('button', { name: 'Unlock Preview Video' }).count()).toBe(0);
    await page.goto(site.url('/contact'));
    await page.getByRole('heading', { name: 'Get in touch' }).waitFor();
    await expect.poll(() => page.getByTestId('contact-form').count()).toBe(0);
    expect(await page.getByTestId('maintenance-notice').count()).toBeGreaterThan(0);
  });

  it('shows the skills as a carousel under 768px and as a grid above, and one FAQ answer at a time', async () => {
    const phone = await home(375);
    const controls = phone.getByTestId('carousel-controls');
    await controls.waitFor();
    expect(await controls.isVisible()).toBe(true);
    await controls.getByRole('button', { name: 'Next skill' }).click();
    await expect.poll(() => phone.getByTestId('learn-track').evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);

    const desktop = await home(1280);
    await desktop.getByTestId('carousel-controls').waitFor({ state: 'attached' });
    expect(await desktop.getByTestId('carousel-controls').isVisible()).toBe(false);
    const faq = desktop.getByTestId('faq');
    await scrollIntoSight(faq);
    expect(await faq.getByRole('button').count()).toBe(8);
    const expanded = () => faq.locator('button[aria-expanded="true"]').allInnerTexts();
    expect(await expanded()).toEqual(['Do I need any coding experience?']);
    await faq.getByRole('button', { name: 'How long is the workshop?' }).click();
    expect(await expanded()).toEqual(['How long is the workshop?']);
    await faq.getByRole('button', { name: 'How long is the workshop?' }).click();
    expect(await expanded()).toEqual([]);
  });
});
