import { once } from 'node:events';
import type { Response } from 'express';
import type { Knex } from 'knex';
import Papa from 'papaparse';
import { csvHeaders, csvRow, type CsvColumn } from '@workshop/shared';

/** Rows fetched from the database per round trip, and written to the response per chunk. */
const BATCH_ROWS = 1000;

/**
 * Streams the query's rows as CSV through a database cursor, a batch at a time, so an export of
 * 100k rows never sits in memory (and the response waits whenever the client reads slowly). Every
 * admin saves exactly these bytes, byte order mark included.
 */
export async function streamCsv<T>(
  res: Response,
  fileName: string,
  columns: CsvColumn<T>[],
  query: Knex.QueryBuilder,
  toRow: (row: Record<string, unknown>) => T,
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  // A UTF-8 byte order mark first: Excel reads the file as UTF-8 only with it (names like Zoë or 李).
  res.write('\ufeff' + Papa.unparse([csvHeaders(columns)]) + '\r\n');
  const stream = query.stream({ batchSize: BATCH_ROWS });
  let batch: string[][] = [];
  const flush = async () => {
    if (!batch.length) return;
    const chunk = Papa.unparse(batch) + '\r\n';
    batch = [];
    if (!res.write(chunk)) await once(res, 'drain');
  };
  try {
    for await (const row of stream) {
      batch.push(csvRow(columns, toRow(row as Record<string, unknown>)));
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
  } finally {
    stream.destroy?.();
  }
  res.end();
}
