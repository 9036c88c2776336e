import type { Knex } from 'knex';
import { DISPLAY_TIME_ZONE } from '@workshop/shared';

/**
 * The next number of a prefix's sequence for the current year (in the business's time zone),
 * as `PREFIX-YYYY-NNNNNN` (the prefix as the seller wrote it, a dash added when it has none).
 * The counter row is taken in the caller's transaction and held until it ends: a second issue
 * waits for it (on any server instance), and a rollback gives the number back, so the sequence
 * never gaps or repeats. A database sequence would gap on every rollback.
 */
export async function nextNumber(trx: Knex.Transaction, prefix: string): Promise<string> {
  // Counted by the prefix as printed: 'INV' and 'INV-' print the same numbers, so they share a sequence.
  const lead = prefix.endsWith('-') ? prefix : `${prefix}-`;
  const { rows } = await trx.raw(
    `INSERT INTO invoice_counters (prefix, year, last_number)
     VALUES (?, extract(year FROM now() AT TIME ZONE ?)::smallint, 1)
     ON CONFLICT (prefix, year) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING year, last_number`,
    [lead, DISPLAY_TIME_ZONE],
  );
  const { year, last_number } = rows[0] as { year: number; last_number: number };
  return `${lead}${year}-${String(last_number).padStart(6, '0')}`;
}
