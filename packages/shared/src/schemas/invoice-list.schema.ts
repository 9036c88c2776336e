import { z } from 'zod';
import { LIMITS } from '../constants';
import { storableText } from '../text';

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} is not a real date`)
    .optional();

/**
 * A range of issue dates, both ends included, as days in the display time zone (the one the
 * documents print their dates in, and whose year numbers them).
 */
export const invoiceRangeSchema = z
  .object({ from: z.preprocess((v) => (v === '' ? undefined : v), day('From')), to: z.preprocess((v) => (v === '' ? undefined : v), day('To')) })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'From must be on or before To', path: ['to'] });
export type InvoiceRange = z.output<typeof invoiceRangeSchema>;

/** GET /api/admin/invoices: a search (number, buyer, email, company), a range, and paging. */
export const invoiceListQuerySchema = invoiceRangeSchema.and(
  z.object({
    q: z.string().refine(...storableText('q')).trim().max(LIMITS.search, 'Search must be less than 200 characters').default(''),
    page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
    pageSize: z.coerce.number().int('Page size must be a whole number').min(1, 'Page size must be at least 1').max(LIMITS.pageSizeMax, 'Page size must be at most 200').default(25),
  }),
);
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const INVOICE_STATUSES = ['paid', 'credited_in_part', 'credited', 'credit'] as const;
export const INVOICE_STATUS_LABELS: Record<(typeof INVOICE_STATUSES)[number], string> = {
  paid: 'Paid',
  credited_in_part: 'Credited in part',
  credited: 'Credited',
  credit: 'Credit note',
};

export const invoiceListItemSchema = z.object({
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  issued_at: z.string(),
  buyer: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  currency: z.string(),
  net_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  /** An invoice: paid, or credited in part or in full by its credit notes. A credit note: `credit`, with the invoice it credits. */
  status: z.enum(INVOICE_STATUSES),
  credits: z.string().nullable(),
  registration_id: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/** The list's page, and over the whole filtered range: what was invoiced, what credited, and the difference. */
export const invoiceListSchema = z.object({
  items: z.array(invoiceListItemSchema),
  total: z.number().int(),
  totals: z.object({ invoiced_cents: z.number().int(), credited_cents: z.number().int(), net_cents: z.number().int() }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;
