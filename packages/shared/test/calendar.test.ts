import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeIcsText, eventEnd, foldIcsLine } from '../src/calendar';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab goes. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;

describe('folding a content line', () => {
  it('cuts at 75 octets of UTF-8, never inside a character, and unfolds to the line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.string({ unit: 'binary', maxLength: 120 }), (a, b) => {
        const line = `DESCRIPTION:${a}${b}`.replace(/[\r\n]/g, '');
        fc.pre(wellFormed(line));
        const folded = foldIcsLine(line);
        for (const physical of folded.split('\r\n')) {
          expect(octets(physical)).toBeLessThanOrEqual(75);
          // A character cut in two would leave half a surrogate pair, which UTF-8 cannot encode.
          expect(wellFormed(physical)).toBe(true);
        }
        expect(unfold(folded)).toBe(line);
      }),
    );
  });

  it('keeps a four-octet character whole at the boundary', () => {
    const line = `SUMMARY:${'a'.repeat(63)}😀😀😀`;
    const [first, second] = foldIcsLine(line).split('\r\n');
    expect(octets(first)).toBe(75);
    expect(first.endsWith('a😀')).toBe(true);
    expect(second).toBe(' 😀😀');
  });

  it('a line of 75 octets is left whole', () => {
    expect(foldIcsLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldIcsLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });
});

describe('calendar text and times', () => {
  it('escapes TEXT and drops control characters', () => {
    expect(escapeIcsText('a;b,c\\d\r\ne\u0007f')).toBe('a\\;b\\,c\\\\d\\ne' + 'f');
  });

  it('ends after the workshop’s hours, or the 5-hour slot when none is set', () => {
    const start = new Date('2026-01-01T10:00:00Z');
    expect(eventEnd(start, 3).toISOString()).toBe('2026-01-01T13:00:00.000Z');
    expect(eventEnd(start).toISOString()).toBe('2026-01-01T15:00:00.000Z');
    expect(eventEnd(start, null).toISOString()).toBe('2026-01-01T15:00:00.000Z');
  });
});
