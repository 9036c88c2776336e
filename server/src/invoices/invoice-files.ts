import type { Response } from 'express';
import type { Db } from '../db/knex';
import { NotFoundError } from '../http/errors';
import { logoBytes } from './logos';
import { renderInvoicePdf, type IssuedDocument } from './pdf/invoice-pdf';

/** A document never changes once issued, so its PDF never goes stale: the last few are kept, by number. */
const CACHE_SIZE = 200;
const cache = new Map<string, Promise<Buffer>>();

const DOCUMENT_COLUMNS = ['number', 'kind', 'issued_at', 'currency', 'net_cents', 'tax_cents', 'total_cents', 'document', 'refund_key'];

/** The PDF of an issued document, rendered once and kept (least recently used goes first). */
export function pdfOf(db: Db, row: IssuedDocument): Promise<Buffer> {
  const kept = cache.get(row.number);
  if (kept) {
    cache.delete(row.number);
    cache.set(row.number, kept);
    return kept;
  }
  const rendering = logoBytes(db, row.document.seller.logo).then((logo) => renderInvoicePdf(row, logo));
  cache.set(row.number, rendering);
  rendering.catch(() => cache.delete(row.number));
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return rendering;
}

export async function documentByNumber(db: Db, number: string): Promise<IssuedDocument> {
  const row = await db('invoices').where({ number }).first(DOCUMENT_COLUMNS);
  if (!row) throw new NotFoundError('No invoice or credit note with this number.');
  return row;
}

/** An order's documents: its current invoice (a corrected one replaces the first) and every credit note, oldest first. */
export async function documentsOfOrder(db: Db, registrationId: string): Promise<{ invoice: IssuedDocument | null; creditNotes: IssuedDocument[] }> {
  const rows: IssuedDocument[] = await db('invoices').where({ registration_id: registrationId }).orderBy([{ column: 'issued_at' }, { column: 'number' }]).select(DOCUMENT_COLUMNS);
  return { invoice: rows.filter((r) => r.kind === 'invoice').at(-1) ?? null, creditNotes: rows.filter((r) => r.kind === 'credit_note') };
}

/** What a download answers: the PDF, named by its number (its routes are personal: no cache keeps it, see app.ts). */
export async function sendPdf(db: Db, res: Response, row: IssuedDocument): Promise<void> {
  const pdf = await pdfOf(db, row);
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${row.number}.pdf"` });
  res.send(pdf);
}

/** Two email addresses name the same mailbox (as the rest of the product compares them: case aside). */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
