import { REGISTRATION_STATUS_LABELS } from './constants';
import { formatDateTime, isoDate } from './dates';
import type { AdminVideoLead, Interest, Registration } from './schemas/dto.schema';
import type { InvoiceListItem } from './schemas/invoice-list.schema';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string;
}

/**
 * One row of the registrations export: a seat of an order (a one-seat order is one row, as before
 * team bookings). Only the order's fields the columns show: an export reads every seat of every
 * order, and each field more is paid for 300k times.
 */
export type RegistrationCsvRow = Pick<Registration, 'id' | 'access_id' | 'amount' | 'status' | 'payment_id' | 'promo_code' | 'discount_cents' | 'seats_bought'> & {
  created_at: string | Date;
  seat: { position: number; name: string | null; email: string | null; status: 'active' | 'cancelled'; first_joined_at: string | Date | null };
};

/**
 * SPEC §9 column order, one row per seat: the seat's attendee, its share of the amount (so the
 * rows add up to what was paid) and its status; amounts in dollars with two decimals. After the
 * SPEC's seven and the promo columns: the order a seat belongs to and how many seats it bought,
 * then when the seat's person first came in by their join link (issue 26, point 4).
 */
export const registrationCsvColumns: CsvColumn<RegistrationCsvRow>[] = [
  { header: 'Registration ID', value: (r) => r.access_id },
  { header: 'Name', value: (r) => r.seat.name ?? '' },
  { header: 'Email', value: (r) => r.seat.email ?? '' },
  { header: 'Amount', value: (r) => (r.amount / r.seats_bought / 100).toFixed(2) },
  { header: 'Status', value: (r) => REGISTRATION_STATUS_LABELS[r.seat.status === 'cancelled' ? 'cancelled' : r.status] },
  { header: 'Payment ID', value: (r) => r.payment_id ?? '' },
  { header: 'Registration Date', value: (r) => formatDateTime(r.created_at) },
  // Not the SPEC's: after its seven so they keep their places.
  { header: 'Promo Code', value: (r) => r.promo_code ?? '' },
  { header: 'Discount', value: (r) => (r.discount_cents / r.seats_bought / 100).toFixed(2) },
  { header: 'Order ID', value: (r) => r.id },
  { header: 'Seats', value: (r) => String(r.seats_bought) },
  { header: 'Joined At', value: (r) => (r.seat.first_joined_at ? formatDateTime(r.seat.first_joined_at) : '') },
];

export const interestCsvColumns: CsvColumn<Interest>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Status', value: (r) => r.status },
  { header: 'Submitted Date', value: (r) => formatDateTime(r.created_at) },
  // Not one of the SPEC's five: the visitor's question, last so the SPEC's columns keep their places.
  { header: 'Message', value: (r) => r.message },
];

export const videoLeadCsvColumns: CsvColumn<AdminVideoLead>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Workshop', value: (r) => r.workshop_title ?? '' },
  { header: 'Submitted', value: (r) => formatDateTime(r.created_at) },
];

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * Names and messages come from public forms: a cell such as `=HYPERLINK(...)` must open as
 * text, not as a live formula. OWASP's advice: prefix such a cell with a single quote.
 */
export function escapeCsvCell(value: string): string {
  // A plain negative amount (a credit note's "-25.00") is a number to the spreadsheet, never a formula.
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export function csvRow<T>(columns: CsvColumn<T>[], row: T): string[] {
  return columns.map((c) => escapeCsvCell(c.value(row)));
}

export function csvHeaders<T>(columns: CsvColumn<T>[]): string[] {
  return columns.map((c) => c.header);
}

/** An invoice or credit note as the accountant's export has it. */
export type InvoiceCsvRow = InvoiceListItem & { issued_day: string; buyer_tax_id: string; tax_label: string; tax_rate_percent: number; payment_method: string; payment_reference: string };
/** A credit note's amounts are negative: the Total column sums to what was kept. */
const signed = (r: InvoiceCsvRow, cents: number) => ((r.kind === 'credit_note' ? -cents : cents) / 100).toFixed(2);

/** One row per invoice and per credit note, in the order issued. */
export const invoiceCsvColumns: CsvColumn<InvoiceCsvRow>[] = [
  { header: 'Number', value: (r) => r.number },
  { header: 'Type', value: (r) => (r.kind === 'invoice' ? 'Invoice' : 'Credit note') },
  { header: 'Date', value: (r) => r.issued_day },
  { header: 'Credits Invoice', value: (r) => r.credits ?? '' },
  { header: 'Buyer', value: (r) => r.buyer },
  { header: 'Email', value: (r) => r.email },
  { header: 'Company', value: (r) => r.company ?? '' },
  { header: 'Buyer Tax ID', value: (r) => r.buyer_tax_id },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Net', value: (r) => signed(r, r.net_cents) },
  { header: 'Tax', value: (r) => signed(r, r.tax_cents) },
  { header: 'Total', value: (r) => signed(r, r.total_cents) },
  { header: 'Tax Rate', value: (r) => (r.tax_rate_percent ? `${r.tax_rate_percent}% ${r.tax_label}`.trim() : '') },
  { header: 'Payment Method', value: (r) => r.payment_method },
  { header: 'Payment Reference', value: (r) => r.payment_reference },
];

export const registrationCsvFileName = (now: Date = new Date()) => `workshop_registrations_${isoDate(now)}.csv`;
export const interestCsvFileName = (now: Date = new Date()) => `workshop_interests_${isoDate(now)}.csv`;
export const videoLeadCsvFileName = (now: Date = new Date()) => `video_leads_${isoDate(now)}.csv`;
/** Invoices of a range: its ends in the name (`start`, `now` for an open end). */
export const invoiceCsvFileName = (range: { from?: string; to?: string }) => `invoices_${range.from ?? 'start'}_to_${range.to ?? 'now'}.csv`;
export const invoiceZipFileName = (range: { from?: string; to?: string }) => `invoices_${range.from ?? 'start'}_to_${range.to ?? 'now'}.zip`;

/** Bulk mailto (SPEC §7): every listed address in Bcc, subject 'Workshop Update'. */
export function bulkMailto(emails: string[], body: string): string {
  const unique = [...new Set(emails.filter(Boolean))];
  const params = new URLSearchParams({ bcc: unique.join(','), subject: 'Workshop Update', body });
  return `mailto:?${params.toString().replace(/\+/g, '%20')}`;
}

export const MAILTO_BODIES = {
  registrations: 'Thank you for registering for our no-code workshop! We will share the latest updates with you here.',
  interests: 'Thank you for your interest in our no-code workshop! Here is the latest update from our team.',
  videoLeads: 'Thank you for watching the preview of our no-code workshop! Here is the latest update from our team.',
} as const;
