import { eventEnd } from './calendar';
import { CURRENCY, OTHER_WORKSHOPS_SHOWN } from './constants';
import type { PublicWorkshop } from './schemas/dto.schema';
import { OG_IMAGE_PATH, SITE_NAME } from './page-meta';

/**
 * schema.org JSON-LD for search engines: the Organization on every page, an Event per workshop
 * shown (home, pricing) and the FAQPage where the FAQ is shown. Built from the same data the
 * page shows, so the markup never claims what the visitor cannot see.
 */
export const LOGO_PATH = '/logo.png';

const SCHEMA = 'https://schema.org';

export function organizationJsonLd(origin: string, sameAs: string[] = []) {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}${LOGO_PATH}`,
    ...(sameAs.length ? { sameAs } : {}),
  };
}

function availability(w: PublicWorkshop): string {
  if (!w.registration_open) return `${SCHEMA}/OutOfStock`;
  return w.seats_left === 0 ? `${SCHEMA}/SoldOut` : `${SCHEMA}/InStock`;
}

export function eventJsonLd(w: PublicWorkshop, origin: string) {
  const start = new Date(w.date);
  return {
    '@context': SCHEMA,
    '@type': 'Event',
    name: w.title,
    description: w.description,
    startDate: start.toISOString(),
    // The same end as the calendar invites and links give the event.
    endDate: eventEnd(start, w.duration_hours).toISOString(),
    eventAttendanceMode: `${SCHEMA}/OnlineEventAttendanceMode`,
    eventStatus: w.status === 'cancelled' ? `${SCHEMA}/EventCancelled` : `${SCHEMA}/EventScheduled`,
    location: { '@type': 'VirtualLocation', url: `${origin}/` },
    image: [`${origin}${OG_IMAGE_PATH}`],
    organizer: { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` },
    offers: {
      '@type': 'Offer',
      url: `${origin}/pricing`,
      price: (w.price_usd_cents / 100).toFixed(2),
      priceCurrency: CURRENCY,
      availability: availability(w),
      validFrom: new Date(w.created_at).toISOString(),
    },
    ...(w.max_participants !== null ? { maximumAttendeeCapacity: w.max_participants } : {}),
    ...(w.seats_left !== null ? { remainingAttendeeCapacity: w.seats_left } : {}),
  };
}

export function faqJsonLd(items: { q: string; a: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({ '@type': 'Question', name: i.q, acceptedAnswer: { '@type': 'Answer', text: i.a } })),
  };
}

/** SPEC §4: the first workshop (date ascending) whose registration is open. */
export function activeWorkshop(list: PublicWorkshop[]): PublicWorkshop | undefined {
  return list.find((w) => w.is_active && w.registration_open);
}

/**
 * The hero and pricing show the active workshop, else the next one with its closed state (so
 * visitors see why); a cancelled one only when nothing else is coming.
 */
export function heroWorkshop(list: PublicWorkshop[]): PublicWorkshop | undefined {
  return activeWorkshop(list) ?? list.find((w) => w.status !== 'cancelled') ?? list[0];
}

/** The upcoming workshops the home page lists under the hero's one. */
export function otherWorkshops(list: PublicWorkshop[]): PublicWorkshop[] {
  const hero = heroWorkshop(list);
  return hero ? list.filter((w) => w.id !== hero.id).slice(0, OTHER_WORKSHOPS_SHOWN) : [];
}

/**
 * Every JSON-LD block a public page carries, by its data-jsonld name, built from the same data
 * the page shows: the Organization everywhere, the Events the home page (hero and the others)
 * and the pricing page (its one workshop) show. The server puts them in the page's HTML.
 */
export function pageJsonLd(path: string, origin: string, workshops: PublicWorkshop[], sameAs: string[] = []): Record<string, unknown> {
  const blocks: Record<string, unknown> = { organization: organizationJsonLd(origin, sameAs) };
  const hero = heroWorkshop(workshops);
  if (hero && path === '/') blocks.events = [hero, ...otherWorkshops(workshops)].map((w) => eventJsonLd(w, origin));
  if (hero && path === '/pricing') blocks.events = [eventJsonLd(hero, origin)];
  return blocks;
}

/** JSON to put inside a <script> element: `<` is escaped, so no string in it (a title typed by an admin) can close the element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
