import { formatCents, formatShortDate, SITE_NAME, type InvoiceDocument } from '@workshop/shared';
import type { Weight } from './fonts';
import { INK, newPdf, write } from './pdf-text';

/** An issued invoice or credit note: its row's numbers and the snapshot it prints. */
export interface IssuedDocument {
  number: string;
  kind: 'invoice' | 'credit_note';
  issued_at: Date | string;
  currency: string;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  document: InvoiceDocument;
  /** A credit note's cause: `refund:…` for money given back, `correction:…` for an invoice cancelled to correct the buyer's details. */
  refund_key?: string | null;
}

const MARGIN = 50;
const MUTED = '#5d6275';
const RULE = '#d3d7e2';

const money = (cents: number, currency: string) => (currency === 'USD' ? formatCents(cents) : `${currency} ${(cents / 100).toFixed(2)}`);
const METHODS: Record<string, string> = { paypal: 'PayPal', razorpay: 'Razorpay', offline: 'Paid offline' };

/** Lines of a party (seller or buyer), the first in bold. */
function party(doc: PDFKit.PDFDocument, heading: string, lines: string[], x: number, y: number, width: number): number {
  let at = write(doc, heading.toUpperCase(), x, y, { width, size: 7.5, color: MUTED, weight: 'bold' }) + 3;
  lines.forEach((line, i) => {
    at = write(doc, line, x, at, { width, weight: i === 0 ? 'bold' : 'regular', size: i === 0 ? 10 : 9 }) + 1;
  });
  return at;
}

const COLUMNS = [
  { key: 'description', title: 'Description', width: 0, align: 'left' },
  { key: 'quantity', title: 'Seats', width: 32, align: 'right' },
  { key: 'unit', title: 'Unit price', width: 62, align: 'right' },
  { key: 'discount', title: 'Discount', width: 58, align: 'right' },
  { key: 'net', title: 'Net', width: 62, align: 'right' },
  { key: 'tax', title: 'Tax', width: 58, align: 'right' },
  { key: 'total', title: 'Total', width: 66, align: 'right' },
] as const;

function table(doc: PDFKit.PDFDocument, d: IssuedDocument, y: number, width: number): number {
  const fixed = COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const gap = 6;
  const widths = COLUMNS.map((c) => (c.width === 0 ? width - fixed - gap * (COLUMNS.length - 1) : c.width));
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b + gap, 0));
  const taxTitle = d.document.tax.rate_percent > 0 ? `${d.document.tax.label || 'Tax'} ${d.document.tax.rate_percent}%` : 'Tax';
  const row = (cells: string[], at: number, weight: Weight, color = INK) =>
    Math.max(...cells.map((text, i) => write(doc, text, xs[i], at, { width: widths[i], align: COLUMNS[i].align, weight, size: 8.5, color })));
  let at = row(COLUMNS.map((c) => (c.key === 'tax' ? taxTitle : c.title)), y, 'bold', MUTED) + 4;
  doc.moveTo(MARGIN, at).lineTo(MARGIN + width, at).strokeColor(RULE).lineWidth(0.8).stroke();
  at += 6;
  for (const line of d.document.lines) {
    const cells = [line.description, String(line.quantity), money(line.unit_cents, d.currency), line.discount_cents ? `-${money(line.discount_cents, d.currency)}` : '-', money(line.net_cents, d.currency), money(line.tax_cents, d.currency), money(line.total_cents, d.currency)];
    at = row(cells, at, 'regular') + 6;
  }
  doc.moveTo(MARGIN, at).lineTo(MARGIN + width, at).strokeColor(RULE).lineWidth(0.8).stroke();
  return at + 8;
}

function totals(doc: PDFKit.PDFDocument, d: IssuedDocument, y: number, width: number): number {
  const labelX = MARGIN + width - 250;
  const lines: [string, string, Weight][] = [
    ['Net', money(d.net_cents, d.currency), 'regular'],
    [d.document.tax.rate_percent > 0 ? `${d.document.tax.label || 'Tax'} (${d.document.tax.rate_percent}%)` : 'Tax', money(d.tax_cents, d.currency), 'regular'],
    [d.kind === 'credit_note' ? `Total credited (${d.currency})` : `Total (${d.currency})`, money(d.total_cents, d.currency), 'bold'],
  ];
  let at = y;
  for (const [label, value, weight] of lines) {
    write(doc, label, labelX, at, { width: 160, weight, size: weight === 'bold' ? 11 : 9 });
    at = write(doc, value, labelX + 160, at, { width: 90, align: 'right', weight, size: weight === 'bold' ? 11 : 9 }) + 4;
  }
  return at;
}

/**
 * The PDF of an invoice or credit note as issued (A4 or Letter, as it was set when issued). Text,
 * not pictures of text: fonts are embedded (only the glyphs used), so a reader can select and
 * search it, and `pdftotext` reads it.
 */
export function renderInvoicePdf(d: IssuedDocument, logo?: Buffer, o: { strictLogo?: boolean } = {}): Promise<Buffer> {
  const doc = d.document;
  const issued = new Date(d.issued_at);
  const { pdf, done } = newPdf({
    size: doc.paper === 'Letter' ? 'LETTER' : 'A4',
    margin: MARGIN,
    info: { Title: `${doc.title} ${d.number}`, Author: doc.seller.legal_name || SITE_NAME, Subject: doc.title, CreationDate: issued, ModDate: issued },
    lang: 'en',
    displayTitle: true,
  });

  const width = pdf.page.width - 2 * MARGIN;
  const half = (width - 20) / 2;
  // The logo it was issued with, top left, the title under it.
  let top = MARGIN;
  if (logo) {
    try {
      pdf.image(logo, MARGIN, MARGIN, { fit: [140, 48] });
      top = MARGIN + 58;
    } catch (err) {
      // An image pdfkit cannot read leaves the document without it rather than without a PDF (the settings check it first).
      if (o.strictLogo) return Promise.reject(err);
    }
  }
  write(pdf, doc.title, MARGIN, top, { width: half, weight: 'bold', size: 20 });
  const facts = [`Number: ${d.number}`, `Date: ${formatShortDate(issued)}`];
  if (doc.credits) facts.push(`Credits invoice ${doc.credits.number} of ${formatShortDate(doc.credits.issued_at)}`);
  let right = MARGIN + 2;
  for (const fact of facts) right = write(pdf, fact, MARGIN + half + 20, right, { width: half, align: 'right', size: 9.5 }) + 2;

  let y = Math.max(right, top + 34) + 22;
  const seller = [doc.seller.legal_name || SITE_NAME, ...doc.seller.address.split('\n').filter(Boolean)];
  if (doc.seller.tax_id) seller.push(`${doc.seller.tax_id_label || 'Tax ID'}: ${doc.seller.tax_id}`);
  const buyer = [doc.buyer.company || doc.buyer.name, ...(doc.buyer.company ? [`Attn: ${doc.buyer.name}`] : []), ...(doc.buyer.address ?? '').split('\n').filter(Boolean), doc.buyer.email];
  if (doc.buyer.tax_id) buyer.push(`${doc.seller.tax_id_label || 'Tax ID'}: ${doc.buyer.tax_id}`);
  y = Math.max(party(pdf, 'From', seller, MARGIN, y, half), party(pdf, d.kind === 'credit_note' ? 'Credited to' : 'Bill to', buyer, MARGIN + half + 20, y, half)) + 24;

  y = table(pdf, d, y, width);
  y = totals(pdf, d, y, width) + 16;

  const method = doc.payment.method ? (METHODS[doc.payment.method] ?? doc.payment.method) : '-';
  y = write(pdf, `Payment: ${method}${doc.payment.reference ? `, reference ${doc.payment.reference}` : ''}`, MARGIN, y, { width, size: 9 }) + 4;
  if (doc.tax.rate_percent > 0) y = write(pdf, `Prices include ${doc.tax.label || 'tax'} at ${doc.tax.rate_percent}%.`, MARGIN, y, { width, size: 9, color: MUTED }) + 4;
  if (doc.seller.footer) write(pdf, doc.seller.footer, MARGIN, y + 12, { width, size: 8.5, color: MUTED });
  pdf.end();
  return done;
}
