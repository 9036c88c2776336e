import { randomInt } from 'node:crypto';

// No 0/O or 1/I: people read access ids aloud and type them from emails.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "NC-7K4QX2MZ": 40 bits of randomness, unique in the table. */
export function newAccessId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `NC-${id}`;
}
