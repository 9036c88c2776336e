import { once } from 'node:events';
import { ZipArchive } from 'archiver';
import type { Response } from 'express';
import type { Db } from '../db/knex';
import { documentsForExport } from './invoices.queries';
import { logoBytes } from './logos';
import { renderInvoicePdf, type IssuedDocument } from './pdf/invoice-pdf';

type Range = Parameters<typeof documentsForExport>[1];

/**
 * Every PDF of a range as one ZIP, streamed: rows come through a database cursor, each PDF is
 * rendered, stored (a PDF is compressed already) and written before the next is rendered, and
 * a slow reader holds the whole chain back. So a year of invoices never sits in memory at once.
 * A failure halfway cuts the download short rather than ending a ZIP that looks whole.
 */
export async function streamInvoiceArchive(db: Db, res: Response, range: Range, fileName: string): Promise<void> {
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  const archive = new ZipArchive({ store: true });
  archive.on('error', (err) => res.destroy(err));
  archive.pipe(res);
  const rows = documentsForExport(db, range).stream({ batchSize: 50 });
  try {
    for await (const row of rows) {
      if (res.destroyed) return;
      const doc = row as IssuedDocument;
      const pdf = await renderInvoicePdf(doc, await logoBytes(db, doc.document.seller.logo));
      const written = once(archive, 'entry');
      archive.append(pdf, { name: `${doc.number}.pdf`, date: new Date(doc.issued_at) });
      await written;
    }
    await archive.finalize();
  } catch (err) {
    res.destroy(err as Error);
  } finally {
    rows.destroy?.();
  }
}
