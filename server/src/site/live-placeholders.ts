import { cssString, heroWorkshop, LIVE_STYLE_ID, otherWorkshops, type PublicWorkshop } from '@workshop/shared';

/**
 * What the home page carries about the live data the server put in it, so the prerendered
 * placeholders (site/src/home/hero-placeholder.tsx, styled in base.css) take the very shape the
 * data is drawn in. On `<html>`: which card the hero shows, how many others, and each one's start
 * (written out in the visitor's zone by the page's own inline script,
 * site/src/home/live-times.inline.ts). In a `<style>` in the head: the titles at their real
 * length (CSS custom properties, shown through `content`); there, not on `<html>`, so however
 * long they are the charset declaration stays in the page's first 1024 bytes. With them the page
 * does not move when it comes alive (layout shift, Core Web Vitals' CLS).
 */
export function livePlaceholders(workshops: PublicWorkshop[]): { htmlAttributes: string; style: string } {
  const hero = heroWorkshop(workshops);
  const others = otherWorkshops(workshops);
  const state = !hero ? 'none' : hero.status === 'cancelled' ? 'cancelled' : !hero.registration_open ? 'closed' : hero.seats_left === 0 ? 'full' : 'open';
  const vars = [hero && `--live-hero-title: ${cssString(hero.title)}`, ...others.map((w, i) => `--live-other-${i + 1}: ${cssString(w.title)}`)].filter(Boolean);
  // Slot 0 is the hero card's start ('-' without one), then the others' in the order shown.
  const starts = [hero ? isoStart(hero.date) : '-', ...others.map((w) => isoStart(w.date))];
  return {
    htmlAttributes: [`data-live-hero="${state}"`, `data-live-others="${others.length}"`, `data-live-starts="${starts.join(' ')}"`].join(' '),
    style: `<style id="${LIVE_STYLE_ID}">:root { ${vars.join('; ')} }</style>`,
  };
}

/** An instant as ISO 8601 (nothing an attribute must escape). */
function isoStart(date: string | Date): string {
  return new Date(date).toISOString();
}
