import type { BookingDocuments, InvoiceList, InvoiceListQuery, InvoiceRange, InvoicingSettings } from '@workshop/shared';
import type { Http, Query } from './http';

/** Invoices and credit notes (issue 25), for admins: a registration's documents and their PDFs. */
export function invoicesClient(http: Http) {
  return {
    /** The seller's details on every document (owners only). */
    invoicing: {
      get: () => http.json<InvoicingSettings>('GET', '/api/admin/invoicing'),
      update: (input: InvoicingSettings) => http.json<InvoicingSettings>('PUT', '/api/admin/invoicing', input),
    },
    invoices: {
      ofRegistration: (id: string) => http.json<BookingDocuments>('GET', `/api/admin/registrations/${encodeURIComponent(id)}/invoices`),
      pdf: (number: string) => http.bytes('GET', `/api/admin/invoices/${encodeURIComponent(number)}.pdf`),
      list: (query: InvoiceListQuery = {}) => http.json<InvoiceList>('GET', '/api/admin/invoices', undefined, query as Query),
      exportCsv: (range: InvoiceRange = {}) => http.text('GET', '/api/admin/invoices/export.csv', range as Query),
      /** Every PDF of the range in one ZIP. */
      archive: (range: InvoiceRange = {}) => http.bytes('GET', '/api/admin/invoices/archive.zip', range as Query),
    },
  };
}
