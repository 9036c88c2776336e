import { UTM_KEYS, type Utm } from '@workshop/shared';
import { readStore, writeStore } from './storage';

const KEY = 'landing_utm';

/**
 * Keeps the landing URL's utm_* parameters for this visit, so the checkout (pages later) still
 * says where the buyer came from. A new campaign link replaces the old one; plain navigation keeps it.
 */
export function captureUtm(search: string): void {
  const params = new URLSearchParams(search);
  const found = Object.fromEntries(UTM_KEYS.map((k) => [k, params.get(`utm_${k}`) ?? undefined]).filter(([, v]) => v));
  if (Object.keys(found).length) writeStore('session', KEY, JSON.stringify(found));
}

/**
 * What the checkout sends: the kept campaign, or nothing. The server cleans each value with the
 * shared utmSchema; here only strings under known keys pass, so zod stays out of the first load.
 */
export function landingUtm(): Utm | undefined {
  const raw = readStore('session', KEY);
  if (!raw) return undefined;
  try {
    const kept: unknown = JSON.parse(raw);
    if (!kept || typeof kept !== 'object') return undefined;
    const found = Object.fromEntries(UTM_KEYS.map((k) => [k, (kept as Record<string, unknown>)[k]]).filter(([, v]) => typeof v === 'string' && v));
    return Object.keys(found).length ? (found as Utm) : undefined;
  } catch {
    return undefined;
  }
}
