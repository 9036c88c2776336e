import { once } from 'node:events';
import type { Response } from 'express';
import type { Knex } from 'knex';
import Papa from 'papaparse';
import { csvHeaders, csvRow, type CsvColumn } from '@workshop/shared';

/** Streams the query's rows as CSV, row by row, so an export of 100k rows never sits in memory. */
export async function streamCsv<T>(
  res: Response,
  fileName: string,
  columns: CsvColumn<T>[],
  query: Knex.QueryBuilder,
  toRow: (row: Record<string, unknown>) => T,
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.write(Papa.unparse([csvHeaders(columns)]) + '\r\n');
  const stream = query.stream();
  try {
    for await (const row of stream) {
      const line = Papa.unparse([csvRow(columns, toRow(row as Record<string, unknown>))]) + '\r\n';
      if (!res.write(line)) await once(res, 'drain');
    }
  } finally {
    stream.destroy?.();
  }
  res.end();
}
