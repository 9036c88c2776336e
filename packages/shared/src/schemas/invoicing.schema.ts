import { z } from 'zod';

/** A control character, which an invoice cannot print (a newline is allowed where lines are: an address). */
const isControl = (c: string, lines: boolean) => {
  const code = c.charCodeAt(0);
  return (code < 0x20 || code === 0x7f) && !(lines && c === '\n');
};

/** No control characters in what an invoice prints. */
const printable = (max: number, label: string, lines = false) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .refine((v) => ![...v].some((c) => isControl(c, lines)), `${label} has characters that cannot be printed`);

const printedPrefix = (p: string) => (p.endsWith('-') ? p : `${p}-`).toUpperCase();

const prefix = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(10, `${label} must be 10 characters or less`)
    .regex(/^[A-Za-z0-9-]+$/, `${label} may use letters, digits and dashes only`);

/** 200 KB of image, base64 and its data URL prefix around it. */
const LOGO_MAX_DATA_URL = Math.ceil((200 * 1024 * 4) / 3) + 30;

/**
 * The seller's details on every invoice and credit note (issue 25; GET/PUT /api/admin/invoicing).
 * Prices are tax-inclusive: the tax is worked out of each line's inclusive amount at
 * `tax_rate_percent`, rounded half up to the cent. Until `legal_name` and `address` are set, a
 * document is titled "Receipt", not "Tax invoice".
 */
export const invoicingSettingsSchema = z
  .object({
    legal_name: printable(200, 'Legal name'),
    address: printable(500, 'Address', true),
    tax_id_label: printable(30, 'Tax ID label'),
    tax_id: printable(50, 'Tax ID'),
    invoice_prefix: prefix('Invoice prefix'),
    credit_note_prefix: prefix('Credit note prefix'),
    tax_rate_percent: z
      .number({ error: 'Tax rate must be a number' })
      .min(0, 'Tax rate cannot be negative')
      .max(50, 'Tax rate must be 50% or less')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'Tax rate may have at most two decimals'),
    tax_label: printable(20, 'Tax label'),
    footer: printable(500, 'Footer', true),
    paper: z.enum(['A4', 'Letter'], { error: 'Choose A4 or Letter' }),
    /** A PNG or JPEG as a data URL (at most 200 KB), printed at the top of each document; '' for none. */
    logo: z
      .string({ error: 'Logo must be an image' })
      .max(LOGO_MAX_DATA_URL, 'Logo must be 200 KB or smaller')
      .refine((v) => v === '' || /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/.test(v), 'Logo must be a PNG or JPEG image')
      .default(''),
  })
  // Compared as printed (a dash is added to a prefix without one) and regardless of case.
  .refine((v) => printedPrefix(v.invoice_prefix) !== printedPrefix(v.credit_note_prefix), { message: 'Invoices and credit notes need different prefixes', path: ['credit_note_prefix'] });
export type InvoicingSettings = z.output<typeof invoicingSettingsSchema>;

export const DEFAULT_INVOICING: InvoicingSettings = {
  legal_name: '',
  address: '',
  tax_id_label: '',
  tax_id: '',
  invoice_prefix: 'INV-',
  credit_note_prefix: 'CN-',
  tax_rate_percent: 0,
  tax_label: '',
  footer: '',
  paper: 'A4',
  logo: '',
};

export const BILLING_MESSAGES = {
  gstin: 'Enter a valid 15-character GSTIN, for example 29ABCDE1234F1Z5',
} as const;

/** India's GST identification number: state code, PAN, entity number, a letter Z, a check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The seller calls its tax ID a GSTIN: a buyer's tax ID is then checked as one. */
export const asksForGstin = (taxIdLabel: string) => taxIdLabel.trim().toUpperCase() === 'GSTIN';

const billingFields = (taxIdLabel: string) => {
  const taxId = printable(50, 'Tax ID').transform((v) => (asksForGstin(taxIdLabel) ? v.toUpperCase() : v));
  return z
    .object(
      {
        company: printable(200, 'Company name').optional(),
        address: printable(500, 'Billing address', true).optional(),
        tax_id: (asksForGstin(taxIdLabel) ? taxId.refine((v) => GSTIN_PATTERN.test(v), BILLING_MESSAGES.gstin) : taxId).optional(),
      },
      { error: (iss) => (iss.code === 'unrecognized_keys' ? 'Billing details have a field this form does not know' : 'Billing details must be an object') },
    )
    .strict();
};

/** A field left empty is not given; with none given there is no `billing`. */
function withoutEmpty(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const kept = Object.entries(v).filter(([, x]) => !(typeof x === 'string' && x.trim() === ''));
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/**
 * A buyer's optional company details for the invoice (POST /api/checkout/*: `billing`). When the
 * seller's tax ID label is GSTIN, the buyer's tax ID must be one (upper-cased first).
 */
export const billingSchemaFor = (taxIdLabel: string) => z.preprocess(withoutEmpty, billingFields(taxIdLabel).optional());
export const billingSchema = billingSchemaFor('');
export type Billing = NonNullable<z.infer<typeof billingSchema>>;

/** The `billing` part of a checkout body. */
export const checkoutBillingSchema = (taxIdLabel: string) => z.object({ billing: billingSchemaFor(taxIdLabel) });
export type CheckoutBillingInput = { billing?: z.input<ReturnType<typeof billingFields>> };

const documentBrief = z.object({ number: z.string(), issued_at: z.string(), total_cents: z.number().int(), currency: z.string() });
/** GET /api/booking/:token/invoices: the order's invoice (null for a free seat) and its credit notes, oldest first. */
export const bookingDocumentsSchema = z.object({
  invoice: documentBrief.extend({ title: z.enum(['Tax invoice', 'Receipt']) }).nullable(),
  /** Each with the invoice it credits, and why: money given back, or an invoice cancelled to correct the buyer's details. */
  credit_notes: z.array(documentBrief.extend({ credits: z.string(), reason: z.enum(['refund', 'correction']) })),
  /** The company details the invoice carries, what the seller calls a tax ID, and whether the buyer may still correct them (nothing credited on it yet). */
  billing: z.object({ company: z.string().optional(), address: z.string().optional(), tax_id: z.string().optional() }),
  tax_id_label: z.string(),
  correctable: z.boolean(),
});
export type BookingDocuments = z.infer<typeof bookingDocumentsSchema>;

export const INVOICE_CORRECTION_MESSAGES = {
  credited: 'This invoice already has a credit note, so it can no longer be corrected here. Please contact us to correct it.',
  noInvoice: 'This booking has no invoice to correct.',
} as const;

/** What an invoice or credit note says, kept as issued (it never changes). */
export interface InvoiceDocument {
  title: 'Tax invoice' | 'Receipt' | 'Credit note';
  /** `logo`: the sha256 of the logo it was issued with (invoice_logos), when there was one. */
  seller: { legal_name: string; address: string; tax_id_label: string; tax_id: string; footer: string; logo?: string };
  buyer: { name: string; email: string; company?: string; address?: string; tax_id?: string };
  lines: { description: string; quantity: number; unit_cents: number; discount_cents: number; net_cents: number; tax_cents: number; total_cents: number }[];
  tax: { label: string; rate_percent: number };
  payment: { method: string | null; reference: string | null };
  /** A credit note: the invoice it credits. */
  credits?: { number: string; issued_at: string };
  /** An invoice issued again with corrected buyer details: the number of the one it replaces (credited in full). */
  replaces?: string;
  paper: 'A4' | 'Letter';
}
