/** A short, loggable line for any thrown value; SDK errors often carry an empty message but a status. */
export function errorText(err: unknown, max = 300): string {
  const e = err as { message?: unknown; name?: unknown; statusCode?: unknown; status?: unknown; error?: { description?: unknown } };
  const text =
    (typeof e?.message === 'string' && e.message) ||
    (typeof e?.error?.description === 'string' && e.error.description) ||
    [typeof e?.name === 'string' ? e.name : 'Error', e?.statusCode ?? e?.status].filter(Boolean).join(' ') ||
    String(err);
  // By characters, not UTF-16 units: half an emoji is not valid in a jsonb column or a log line.
  return Array.from(text).slice(0, max).join('');
}
