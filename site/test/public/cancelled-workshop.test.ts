import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { addWorkshop, startSite, viewportShot, type Site } from './site-harness';

const DAY = 86_400_000;
const calledOff = { registration_open: false, status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'Trainer ill' };

/** A workshop the organiser called off (issue 23): shown as cancelled, never for sale, never in the registration dialog. */
describe('a cancelled workshop on the site', () => {
  let site: Site;
  beforeEach(async () => {
    site ??= await startSite();
    await site.server.deps.db('workshops').delete();
  });
  afterAll(() => site?.stop());

  it('is listed as cancelled under the one on sale, and the registration dialog never offers it', async () => {
    await addWorkshop(site, { title: 'Build Your First App', date: new Date(Date.now() + 14 * DAY) });
    await addWorkshop(site, { title: 'Called Off Evening', date: new Date(Date.now() + 7 * DAY), ...calledOff });
    const list = await fetch(site.url('/api/workshops')).then((r) => r.json());
    expect(list.map((w: { title: string; status: string }) => [w.title, w.status])).toEqual([
      ['Called Off Evening', 'cancelled'],
      ['Build Your First App', 'scheduled'],
    ]);
    for (const width of [375, 1440]) {
      const page = await site.page(width);
      await page.goto(site.url('/'));
      // The hero sells the one still on, though the cancelled one is sooner.
      expect(await page.getByTestId('hero-workshop').getByRole('heading', { level: 2 }).innerText()).toBe('Build Your First App');
      const other = page.getByTestId('other-workshops').getByRole('listitem');
      await expect.poll(() => other.count()).toBe(1);
      expect(await other.innerText()).toContain('Called Off Evening');
      expect(await other.getByTestId('other-status').innerText()).toBe('Cancelled');
      await other.scrollIntoViewIfNeeded();
      await viewportShot(page, `cancelled-workshop-listed-${width}`);
      await page.getByTestId('hero-workshop').getByRole('button', { name: 'Register Now →' }).click();
      const dialog = page.getByRole('dialog', { name: 'Workshop Registration' });
      // One workshop to offer: shown as the one chosen, with no list to choose from.
      await dialog.getByTestId('registration-form').waitFor();
      expect(await dialog.getByTestId('workshop-choices').count()).toBe(0);
      expect(await dialog.locator('.selected-title').innerText()).toBe('Build Your First App');
      expect(await dialog.innerText()).not.toContain('Called Off Evening');
      await page.close();
    }
  });

  it('when nothing else is coming, the home and pricing pages say it was cancelled, with no way to buy or wait', async () => {
    await addWorkshop(site, { title: 'Called Off Evening', date: new Date(Date.now() + 7 * DAY), ...calledOff });
    for (const width of [375, 1440]) {
      const page = await site.page(width);
      await page.goto(site.url('/'));
      const hero = page.getByTestId('hero-workshop');
      expect(await hero.getByTestId('hero-badge').innerText()).toBe('CANCELLED');
      expect(await hero.getByTestId('hero-status').innerText()).toBe('This workshop was cancelled.');
      expect(await hero.getByRole('button').count()).toBe(0);
      await viewportShot(page, `cancelled-workshop-hero-${width}`);
      await page.goto(site.url('/pricing'));
      const card = page.getByTestId('price-card');
      expect(await card.getByTestId('pricing-cancelled').innerText()).toBe('This workshop was cancelled.');
      expect(await card.getByRole('button').count()).toBe(0);
      expect(await card.innerText()).toContain('CANCELLED');
      // The header's Register Now has nothing to offer.
      await page.getByTestId('header-register').click();
      await page.getByRole('dialog', { name: 'Workshop Not Available' }).waitFor();
      await page.close();
    }
  });
});
