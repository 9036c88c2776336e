import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addWorkshop, scrollIntoSight, startSite, type Site } from './site-harness';

/** What Google asks of each rich result (developers.google.com/search/docs/appearance/structured-data). */
const url = z.url();
const organization = z.object({ '@context': z.literal('https://schema.org'), '@type': z.literal('Organization'), name: z.literal('NoCode Workshop'), url, logo: url });
const event = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Event'),
  name: z.string().min(1),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  eventAttendanceMode: z.literal('https://schema.org/OnlineEventAttendanceMode'),
  eventStatus: z.enum(['https://schema.org/EventScheduled', 'https://schema.org/EventCancelled']),
  location: z.object({ '@type': z.literal('VirtualLocation'), url }),
  image: z.array(url).min(1),
  organizer: z.object({ '@type': z.literal('Organization'), name: z.string(), url }),
  offers: z.object({
    '@type': z.literal('Offer'),
    url,
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.literal('USD'),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/SoldOut', 'https://schema.org/OutOfStock']),
    validFrom: z.iso.datetime(),
  }),
});
const faqPage = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('FAQPage'),
  mainEntity: z.array(z.object({ '@type': z.literal('Question'), name: z.string().min(1), acceptedAnswer: z.object({ '@type': z.literal('Answer'), text: z.string().min(1) }) })).min(1),
});

/** Every JSON-LD block on the page, parsed, by its data-jsonld name. */
async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-jsonld'), e.textContent ?? '']));
  return Object.fromEntries(blocks.map(([name, text]) => [name, JSON.parse(text!)]));
}

describe('structured data (JSON-LD) in Chromium', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await addWorkshop(site, { title: 'No-Code App Development Workshop <Live>', price_usd_cents: 9900, max_participants: 20, date: new Date('2031-03-08T19:00:00Z') });
    await addWorkshop(site, { title: 'Closed Deep Dive', price_usd_cents: 12950, registration_open: false, date: new Date('2031-04-12T18:00:00Z') });
    await addWorkshop(site, { title: 'Called Off Evening', registration_open: false, status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'Trainer ill', date: new Date('2031-05-10T18:00:00Z') });
  });
  afterAll(() => site?.stop());

  it('describes the organisation, every workshop shown as an Event with its offer, and the FAQ on the home page', async () => {
    const page = await site.page(1280);
    await page.goto(site.url('/'));
    await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
    await expect.poll(async () => Object.keys(await jsonLd(page)).sort()).toEqual(['events', 'faq', 'organization']);
    const data = await jsonLd(page);

    const org = organization.parse(data.organization);
    expect((await fetch(org.logo)).headers.get('content-type')).toBe('image/png');

    const events = z.array(event).parse(data.events);
    expect(events.map((e) => [e.name, e.startDate, e.endDate, e.offers.price, e.offers.availability, e.eventStatus])).toEqual([
      ['No-Code App Development Workshop <Live>', '2031-03-08T19:00:00.000Z', '2031-03-09T00:00:00.000Z', '99.00', 'https://schema.org/InStock', 'https://schema.org/EventScheduled'],
      ['Closed Deep Dive', '2031-04-12T18:00:00.000Z', '2031-04-12T23:00:00.000Z', '129.50', 'https://schema.org/OutOfStock', 'https://schema.org/EventScheduled'],
      // Called off by the organiser: still shown, as cancelled, and never in stock.
      ['Called Off Evening', '2031-05-10T18:00:00.000Z', '2031-05-10T23:00:00.000Z', '99.00', 'https://schema.org/OutOfStock', 'https://schema.org/EventCancelled'],
    ]);
    expect(events[0].location.url).toBe(site.url('/'));
    // A title with '<' cannot close the script element early.
    expect(await page.locator('script[data-jsonld="events"]').evaluate((e) => e.innerHTML)).toContain('\\u003cLive>');

    const faq = faqPage.parse(data.faq);
    await scrollIntoSight(page.getByTestId('faq'));
    const shown = await page.getByTestId('faq').locator('h3 button').allInnerTexts();
    expect(faq.mainEntity.map((q) => q.name)).toEqual(shown.map((s) => s.trim()));
    expect(faq.mainEntity).toHaveLength(8);
  });

  it('puts the priced workshop on the pricing page as an Event', async () => {
    const page = await site.page(375);
    await page.goto(site.url('/pricing'));
    await page.getByTestId('price-card').waitFor();
    await expect.poll(async () => Object.keys(await jsonLd(page)).sort()).toEqual(['events', 'organization']);
    const [only] = z.array(event).length(1).parse((await jsonLd(page)).events);
    expect(only.offers).toMatchObject({ price: '99.00', priceCurrency: 'USD', url: site.url('/pricing') });
  });
});
