export type Change = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  path: string;
  before?: string;
  after?: string;
  change: Change;
}

/** Every leaf of a JSON value by its path (`a.b[0]`), as JSON text; an empty object or array is a leaf. */
export function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (value !== undefined) {
    out.set(prefix || '(value)', JSON.stringify(value));
  }
  return out;
}

/** Field by field, what a write changed: before's fields in order, then the ones it added. */
export function diffJson(before: unknown, after: unknown): DiffRow[] {
  const a = before === null || before === undefined ? new Map<string, string>() : flatten(before);
  const b = after === null || after === undefined ? new Map<string, string>() : flatten(after);
  const rows: DiffRow[] = [];
  for (const [path, was] of a) {
    const now = b.get(path);
    rows.push({ path, before: was, after: now, change: now === undefined ? 'removed' : now === was ? 'same' : 'changed' });
  }
  for (const [path, now] of b) if (!a.has(path)) rows.push({ path, after: now, change: 'added' });
  return rows;
}

/**
 * The server records a write's `after` as `{ request, row }`: what the admin sent and the row
 * it left. Split that, so the diff compares row with row; any other shape is compared as is.
 */
export function splitAfter(after: unknown): { request: unknown; row: unknown } {
  if (after && typeof after === 'object' && !Array.isArray(after)) {
    const keys = Object.keys(after);
    if (keys.includes('request') && keys.every((k) => k === 'request' || k === 'row')) {
      const { request, row } = after as { request?: unknown; row?: unknown };
      return { request: request ?? null, row: row ?? null };
    }
  }
  return { request: undefined, row: after };
}
