import { eventTimes, YOUR_TIME_NOTE } from './event-times';

/**
 * What the home page's prerendered placeholders show in place of its live data, as CSS custom
 * properties (site/src/home/hero-placeholder.tsx, styled in base.css): each text at its real
 * length, so nothing moves when the data is drawn. Titles come from the server with the page
 * (server/src/site/live-placeholders.ts); the start times are written in the browser before the
 * first paint (site/src/home/live-times.inline.ts), the only place the visitor's zone is known.
 * This module imports nothing heavier than Intl: it is bundled into that inline script.
 */

/** The home page's `<style>` holding them: titles from the server, starts added by the inline script. */
export const LIVE_STYLE_ID = 'live-placeholders';

/**
 * A CSS string literal for any text, safe inside a `<style>` element or a double-quoted HTML
 * attribute: every character but letters, digits and a few plain marks is written as a CSS escape
 * (no quote, backslash, angle bracket or ampersand can come through, so no `</style>` either).
 */
export function cssString(text: string): string {
  let out = '';
  for (const ch of text) out += /[A-Za-z0-9 ,.:!?()-]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `;
  return `'${out}'`;
}

/**
 * The CSS rule giving placeholder `slot` (0 the hero card, 1-3 the other workshops) its start as
 * EventTime draws it here: two classes, so it outranks the typical start base.css gives `.live-time`.
 */
export function liveTimeRule(iso: string, slot: number, viewerZone?: string): string {
  const t = eventTimes(iso, viewerZone);
  const note = cssString(t.eastern ? YOUR_TIME_NOTE : '');
  return `.live-time.live-time-${slot} { --ph-local: ${cssString(t.local)}; --ph-note: ${note}; --ph-eastern: ${cssString(t.eastern ?? '')}; --ph-eastern-shown: ${t.eastern ? 'block' : 'none'} }`;
}
