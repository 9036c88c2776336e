import { REGISTRATION_STATUS_LABELS } from './constants';
import { formatDateTime, isoDate } from './dates';
import type { AdminVideoLead, Interest, Registration } from './schemas/dto.schema';

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
  seat: { position: number; name: string | null; email: string | null; status: 'active' | 'cancelled' };
};

/**
 * SPEC §9 column order, one row per seat: the seat's attendee, its share of the amount (so the
 * rows add up to what was paid) and its status; amounts in dollars with two decimals. After the
 * SPEC's seven and the promo columns: the order a seat belongs to and how many seats it bought.
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

/**
 * Names and messages come from public forms: a cell such as `=HYPERLINK(...)` must open as
 * text, not as a live formula. OWASP's advice: prefix such a cell with a single quote.
 */
export function escapeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvRow<T>(columns: CsvColumn<T>[], row: T): string[] {
  return columns.map((c) => escapeCsvCell(c.value(row)));
}

export function csvHeaders<T>(columns: CsvColumn<T>[]): string[] {
  return columns.map((c) => c.header);
}

export const registrationCsvFileName = (now: Date = new Date()) => `workshop_registrations_${isoDate(now)}.csv`;
export const interestCsvFileName = (now: Date = new Date()) => `workshop_interests_${isoDate(now)}.csv`;
export const videoLeadCsvFileName = (now: Date = new Date()) => `video_leads_${isoDate(now)}.csv`;

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
