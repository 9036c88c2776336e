/**
 * Building an Intl formatter costs far more than formatting with one: each instance resolves its
 * locale and time zone data again. The home page's workshop cards alone built a dozen while React
 * hydrated them, so each is built once per set of options and kept.
 * Throws a RangeError for a time zone the runtime does not know, as the constructor does.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = dateTimeFormats.get(key);
  if (!f) dateTimeFormats.set(key, (f = new Intl.DateTimeFormat('en-US', options)));
  return f;
}
