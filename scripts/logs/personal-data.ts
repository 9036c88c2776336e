/**
 * What must never be in a log (issue 27, point 4): a person's email address (also URL-encoded), a
 * test buyer's phone number, or a link's secret (32 random bytes, base64url). Each finding names
 * its kind and the line it is in.
 */
const PATTERNS: [kind: string, re: RegExp][] = [
  ['email address', /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
  // Indian mobile numbers, as every test buyer has one; never part of a longer word, number, id or fraction.
  ['phone number', /(?<![\w.-])(?:\+?91)?[6-9]\d{9}(?!\w)/],
  ['link secret', /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/],
];

export interface Finding {
  kind: string;
  match: string;
  line: string;
}

export function personalDataIn(text: string): Finding[] {
  const found: Finding[] = [];
  for (const line of text.split('\n')) {
    for (const [kind, re] of PATTERNS) {
      const m = line.match(re);
      if (m) found.push({ kind, match: m[0], line: line.slice(0, 400) });
    }
  }
  return found;
}
