/**
 * A value as JSON that PostgreSQL's jsonb accepts. jsonb refuses the NUL character and lone
 * surrogates, which any caller can put in a request's keys, values or path; they become U+FFFD so
 * the row (an audit entry, a provider's message) is still written rather than lost.
 */
export function jsonb(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? storableText(v) : isPlainObject(v) ? cleanKeys(v) : v));
}

/** Text PostgreSQL stores: no NUL, no lone surrogate. */
export function storableText(text: string): string {
  return text.replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function cleanKeys(v: Record<string, unknown>): Record<string, unknown> {
  let changed = false;
  const entries = Object.entries(v).map(([k, val]) => {
    const clean = storableText(k);
    if (clean !== k) changed = true;
    return [clean, val] as const;
  });
  return changed ? Object.fromEntries(entries) : v;
}
