/**
 * Text PostgreSQL can store and every client can show: no NUL character (PostgreSQL refuses
 * it in text and JSON) and no unpaired UTF-16 surrogate (half a character, which cannot be
 * encoded as UTF-8). Such input is refused, never silently stripped: the same rule on the
 * forms (the zod field schemas below use it) and on the server (every JSON body, query and
 * path, before it reaches a handler).
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return false;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/** The message for a field holding such text, named after the field ('first_name' → 'First name'). */
export function unstorableTextMessage(field: string): string {
  const last = field.split('.').filter((part) => part && !/^\d+$/.test(part)).at(-1) ?? '';
  const label = last.replace(/_/g, ' ').trim();
  return `${label ? label[0].toUpperCase() + label.slice(1) : 'This field'} contains a character that is not allowed`;
}

/** zod refinement arguments: `z.string().refine(...storableText('name'))`. */
export const storableText = (field: string) => [isStorableText, unstorableTextMessage(field)] as const;
