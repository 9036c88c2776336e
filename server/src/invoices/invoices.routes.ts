import {
  DEFAULT_INVOICING,
  invoiceCsvColumns,
  invoiceCsvFileName,
  invoiceListQuerySchema,
  invoiceRangeSchema,
  invoiceZipFileName,
  invoicingSettingsSchema,
  type InvoiceDocument,
} from '@workshop/shared';
import { ValidationError } from '../http/errors';
import { renderInvoicePdf } from './pdf/invoice-pdf';
import { streamCsv } from '../http/csv-stream';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { readInvoicing, writeInvoicing } from '../settings/invoicing-settings.queries';
import { streamInvoiceArchive } from './invoice-archive';
import { documentsForExport, listInvoices, toCsvRow } from './invoices.queries';

const LOGO_UNREADABLE = 'This logo cannot be read as a PNG or JPEG image';

/** Whether a logo draws: tried on a sample document before it is saved, never found out on a buyer's invoice. */
async function logoPrints(dataUrl: string): Promise<boolean> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const sample: InvoiceDocument = {
    title: 'Receipt',
    seller: { ...DEFAULT_INVOICING, legal_name: 'Sample' },
    buyer: { name: 'Sample', email: 'sample@example.com' },
    lines: [],
    tax: { label: '', rate_percent: 0 },
    payment: { method: null, reference: null },
    paper: 'A4',
  };
  try {
    await renderInvoicePdf({ number: 'SAMPLE', kind: 'invoice', issued_at: new Date(), currency: 'USD', net_cents: 0, tax_cents: 0, total_cents: 0, document: sample }, bytes, { strictLogo: true });
    return true;
  } catch {
    return false;
  }
}

/** Invoicing (issue 25): the seller's details (owners only: they are the business's legal identity) and the documents issued. */
export const invoicesRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/invoicing',
    access: 'admin',
    staff: false,
    handler: async (_req, res) => {
      res.json(await readInvoicing(db));
    },
  },
  {
    method: 'put',
    path: '/api/admin/invoicing',
    access: 'admin',
    // The logo rides in the body: up to 200 KB of image, a third more as base64.
    jsonLimit: '400kb',
    handler: async (req, res) => {
      const settings = parse(invoicingSettingsSchema, req.body);
      if (settings.logo && !(await logoPrints(settings.logo))) throw new ValidationError(LOGO_UNREADABLE, { logo: LOGO_UNREADABLE });
      await writeInvoicing(db, settings);
      res.json(settings);
    },
  },
  {
    method: 'get',
    path: '/api/admin/invoices',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await listInvoices(db, parse(invoiceListQuerySchema, req.query)));
    },
  },
  {
    method: 'get',
    path: '/api/admin/invoices/export.csv',
    access: 'admin',
    handler: async (req, res) => {
      const range = parse(invoiceRangeSchema, req.query);
      await streamCsv(res, invoiceCsvFileName(range), invoiceCsvColumns, documentsForExport(db, range), toCsvRow);
    },
  },
  {
    method: 'get',
    path: '/api/admin/invoices/archive.zip',
    access: 'admin',
    handler: async (req, res) => {
      const range = parse(invoiceRangeSchema, req.query);
      await streamInvoiceArchive(db, res, range, invoiceZipFileName(range));
    },
  },
];
