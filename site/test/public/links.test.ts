import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from './site-harness';

const ROUTES = ['/', '/about', '/pricing', '/contact', '/terms', '/privacy', '/refund-policy', '/thank-you', '/learn', '/why-no-code', '/who-should-attend', '/platform'];

const LINKS = {
  whatsapp_url: 'https://chat.whatsapp.com/nocode',
  discord_url: 'https://discord.gg/nocode',
  demo_video_url: 'https://www.youtube.com/watch?v=demo',
  twitter_url: 'https://x.com/nocode',
  linkedin_url: 'https://www.linkedin.com/company/nocode',
  youtube_url: 'https://www.youtube.com/@nocode',
  instagram_url: '',
};

/** Community, demo and social controls: each goes somewhere an admin set, or is not there at all. */
describe('links on the public site', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  const setLinks = (value: Record<string, string>) =>
    site.server.deps.db('admin_settings').insert({ setting_key: 'site_links', setting_value: JSON.stringify(value) }).onConflict('setting_key').merge();

  it('shows no control that goes nowhere while no link is set', async () => {
    const page = await site.page(1280);
    for (const path of ROUTES) {
      await page.goto(site.url(path));
      await page.getByRole('contentinfo').waitFor();
      expect(await page.locator('a[href="#"], a:not([href])').count(), path).toBe(0);
    }
    await page.goto(site.url('/thank-you'));
    await page.getByRole('contentinfo').waitFor();
    for (const name of ['WhatsApp Group', 'Discord Server']) expect(await page.getByRole('link', { name }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Join the community' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Social media' }).count()).toBe(0);
    await page.goto(site.url('/platform'));
    await page.getByRole('contentinfo').waitFor();
    expect(await page.getByText('Watch a Demo').count()).toBe(0);
  });

  it("links each control to the admin's address once set, with drawn icons for the social accounts", async () => {
    await setLinks(LINKS);
    const page = await site.page(375);
    await page.goto(site.url('/thank-you'));
    await page.getByRole('heading', { name: 'Join the community' }).waitFor();
    expect(await page.getByRole('link', { name: 'WhatsApp Group' }).getAttribute('href')).toBe(LINKS.whatsapp_url);
    expect(await page.getByRole('link', { name: 'Discord Server' }).getAttribute('href')).toBe(LINKS.discord_url);

    const social = page.getByRole('list', { name: 'Social media' });
    await social.waitFor();
    const items = social.getByRole('link');
    expect(await items.evaluateAll((els) => els.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.querySelector('svg') !== null, (a as HTMLElement).innerText.trim()]))).toEqual([
      ['X (Twitter) (opens in a new tab)', LINKS.twitter_url, true, ''],
      ['LinkedIn (opens in a new tab)', LINKS.linkedin_url, true, ''],
      ['YouTube (opens in a new tab)', LINKS.youtube_url, true, ''],
    ]);

    await page.goto(site.url('/platform'));
    expect(await page.getByRole('link', { name: 'Watch a Demo' }).getAttribute('href')).toBe(LINKS.demo_video_url);
  });
});
