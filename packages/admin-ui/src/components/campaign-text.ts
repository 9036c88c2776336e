import type { Registration } from '@workshop/shared';

/** Where a registration came from, as one line: "newsletter / email / spring" (null when it came direct). */
export function campaignText(r: Pick<Registration, 'utm_source' | 'utm_medium' | 'utm_campaign'>): string | null {
  const parts = [r.utm_source, r.utm_medium, r.utm_campaign].filter((p): p is string => !!p);
  return parts.length ? parts.join(' / ') : null;
}
