/** Storage can throw (private mode, disabled cookies): the site must still work, just without memory. */
export function readStore(kind: 'local' | 'session', key: string): string | null {
  try {
    return (kind === 'local' ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStore(kind: 'local' | 'session', key: string, value: string) {
  try {
    (kind === 'local' ? localStorage : sessionStorage).setItem(key, value);
  } catch {
    // Remembering is a nicety; forgetting is acceptable.
  }
}
