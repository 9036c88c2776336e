import { heroWorkshop, otherWorkshops, type PublicWorkshop } from '@workshop/shared';

/**
 * Attributes for the home page's `<html>` that describe the live data the server put in it, so
 * the prerendered placeholders (site/src/home/hero-placeholder.tsx, styled in base.css) take the
 * very shape the data is drawn in: which card the hero shows, its title and the other workshops'
 * titles at their real length (CSS custom properties, shown through `content`), how many others.
 * With them the page does not move when it comes alive (layout shift, Core Web Vitals' CLS).
 */
export function livePlaceholderAttributes(workshops: PublicWorkshop[]): string {
  const hero = heroWorkshop(workshops);
  const others = otherWorkshops(workshops);
  const state = !hero ? 'none' : !hero.registration_open ? 'closed' : hero.seats_left === 0 ? 'full' : 'open';
  const vars = [hero && `--live-hero-title: ${cssString(hero.title)}`, ...others.map((w, i) => `--live-other-${i + 1}: ${cssString(w.title)}`)].filter(Boolean);
  const attrs = [`data-live-hero="${state}"`, `data-live-others="${others.length}"`];
  if (vars.length) attrs.push(`style="${vars.join('; ')}"`);
  return attrs.join(' ');
}

/**
 * A CSS string literal for any text, safe inside a double-quoted HTML attribute: every character
 * but letters, digits and a few plain marks is written as a six-digit CSS escape (no quote,
 * backslash, angle bracket or ampersand can come through).
 */
export function cssString(text: string): string {
  let out = '';
  for (const ch of text) out += /[A-Za-z0-9 ,.:!?()-]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `;
  return `'${out}'`;
}
