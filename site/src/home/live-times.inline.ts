import { LIVE_STYLE_ID, liveTimeRule } from '@workshop/shared/live-placeholder-vars';

/**
 * Inlined in the prerendered home page just before its first paint (scripts/prerender.ts): the
 * placeholders' start times written as EventTime will write them in this visitor's zone, so a
 * date line wraps where the real one will. The server lists the starts on `<html>` and sends the
 * `<style>` they join (server/src/site/live-placeholders.ts); added through the CSSOM, they change
 * no markup React hydrates and need no inline-style allowance. Without them the placeholders keep
 * a typical length.
 */
const sheet = (document.getElementById(LIVE_STYLE_ID) as HTMLStyleElement | null)?.sheet;
(document.documentElement.dataset.liveStarts ?? '').split(' ').forEach((iso, slot) => {
  if (sheet && iso !== '' && iso !== '-') sheet.insertRule(liveTimeRule(iso, slot), sheet.cssRules.length);
});
