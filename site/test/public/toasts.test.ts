import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, toastTexts, viewportShot, type Site } from './site-harness';

/** Marks every control a visitor can see and reach right now (its centre is not hidden by anything). */
function markVisibleControls(page: Page) {
  return page.evaluate(() => {
    // Behind an open dialog nothing can be used anyway: only the dialog's own controls count.
    const scope = document.querySelector('[aria-modal="true"]') ?? document;
    for (const el of scope.querySelectorAll('a[href], button, input, select, textarea, label')) {
      const r = el.getBoundingClientRect();
      const top = r.width > 0 ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
      if (top && (el === top || el.contains(top))) el.setAttribute('data-was-visible', '');
      else el.removeAttribute('data-was-visible');
    }
  });
}

/** Of the controls marked visible before the toast came, those the toast now lies on. */
function coveredControls(page: Page) {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-testid="toast"]');
    if (!toast) return ['no toast'];
    return [...document.querySelectorAll('[data-was-visible]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!top && toast.contains(top);
      })
      .map((el) => el.getAttribute('aria-label') ?? (el as HTMLElement).innerText.slice(0, 30));
  });
}

describe('toasts in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site, { title: 'Open Workshop' });
    await addWorkshop(site, { title: 'Second Workshop', date: new Date(Date.now() + 30 * 86_400_000) });
  });
  afterAll(() => site?.stop());

  it('shows one toast per event: a new one replaces the last, inside the dialog, covering none of its controls', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/'));
    await page.getByTestId('header-register').click();
    const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
    await dialog.getByLabel('Razorpay').check();
    await dialog.getByTestId('pay-button').click();
    await expect.poll(() => toastTexts(page)).toEqual([expect.stringContaining('Please select a workshop.')]);
    await dialog.getByRole('radio', { name: /Open Workshop/ }).check();
    await dialog.getByTestId('pay-button').click();
    await expect.poll(() => toastTexts(page)).toEqual([expect.stringContaining('Please fill out all fields.')]);
    await dialog.getByTestId('pay-button').click();
    await dialog.getByRole('button', { name: 'Close dialog' }).scrollIntoViewIfNeeded();
    await markVisibleControls(page);
    await dialog.getByTestId('pay-button').click();
    await expect.poll(() => toastTexts(page)).toHaveLength(1);
    // Inside the dialog, in its flow: the close button and every field stay reachable.
    expect(await dialog.getByTestId('toast').count()).toBe(1);
    expect(await coveredControls(page)).toEqual([]);
    await viewportShot(page, 'toast-in-dialog-375');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
  });

  it('adds no toast on top of the inline errors of an invalid form', async () => {
    const page = await site.page(1280);
    await page.goto(site.url('/contact'));
    const form = page.getByTestId('contact-form');
    for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => form.getByRole('alert').count()).toBe(4);
    expect(await toastTexts(page)).toEqual([]);
  });

  it('clears the toast when the visitor opens another page, and never covers the header', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/contact'));
    const form = page.getByTestId('contact-form');
    await form.getByLabel('First name').fill('Sofia');
    await form.getByLabel('Email').fill('sofia@example.com');
    await form.getByLabel('Subject').fill('Group booking');
    await form.getByLabel('Message').fill('Five seats please');
    await form.getByRole('button', { name: 'Send Message' }).scrollIntoViewIfNeeded();
    await markVisibleControls(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => toastTexts(page)).toEqual([expect.stringContaining('Message sent!')]);
    expect(await coveredControls(page)).toEqual([]);
    await viewportShot(page, 'toast-page-375');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(site.url('/pricing'));
    await expect.poll(() => toastTexts(page)).toEqual([]);
  });
});
