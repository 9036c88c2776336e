import { DISPLAY_TIME_ZONE, type InvoiceCsvRow, type InvoiceDocument, type InvoiceList, type InvoiceListItem, type invoiceListQuerySchema, type invoiceRangeSchema } from '@workshop/shared';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Db } from '../db/knex';

type Range = z.output<typeof invoiceRangeSchema>;
type ListQuery = z.output<typeof invoiceListQuerySchema>;

const METHODS: Record<string, string> = { paypal: 'PayPal', razorpay: 'Razorpay', offline: 'Paid offline' };

/** Documents issued in the range (days in the display time zone, both ends included), matching the search. */
export function documentsIn(db: Db, range: Range, q = ''): Knex.QueryBuilder {
  const query = db('invoices as i');
  if (range.from) query.where('i.issued_at', '>=', db.raw(`(?::date)::timestamp AT TIME ZONE ?`, [range.from, DISPLAY_TIME_ZONE]));
  if (range.to) query.where('i.issued_at', '<', db.raw(`(?::date + 1)::timestamp AT TIME ZONE ?`, [range.to, DISPLAY_TIME_ZONE]));
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.where((w) =>
      w
        .whereILike('i.number', like)
        .orWhereRaw(`i.document->'buyer'->>'name' ILIKE ?`, [like])
        .orWhereRaw(`i.document->'buyer'->>'email' ILIKE ?`, [like])
        .orWhereRaw(`i.document->'buyer'->>'company' ILIKE ?`, [like]),
    );
  }
  return query;
}

const COLUMNS = (db: Db) => [
  'i.number',
  'i.kind',
  'i.issued_at',
  'i.currency',
  'i.net_cents',
  'i.tax_cents',
  'i.total_cents',
  'i.document',
  'i.registration_id',
  'c.number as credits',
  db.raw(`to_char(i.issued_at AT TIME ZONE ?, 'YYYY-MM-DD') AS issued_day`, [DISPLAY_TIME_ZONE]),
  db.raw(`(SELECT coalesce(sum(n.total_cents), 0)::int FROM invoices n WHERE n.credits_invoice_id = i.id) AS credited_cents`),
];

export function toListItem(r: Record<string, unknown>): InvoiceListItem {
  const doc = r.document as InvoiceDocument;
  const credited = Number(r.credited_cents ?? 0);
  const total = Number(r.total_cents);
  return {
    number: r.number as string,
    kind: r.kind as InvoiceListItem['kind'],
    issued_at: new Date(r.issued_at as string).toISOString(),
    buyer: doc.buyer.name,
    email: doc.buyer.email,
    company: doc.buyer.company ?? null,
    currency: r.currency as string,
    net_cents: Number(r.net_cents),
    tax_cents: Number(r.tax_cents),
    total_cents: total,
    status: r.kind === 'credit_note' ? 'credit' : credited >= total ? 'credited' : credited > 0 ? 'credited_in_part' : 'paid',
    credits: (r.credits as string | null) ?? null,
    registration_id: (r.registration_id as string | null) ?? null,
  };
}

export function toCsvRow(r: Record<string, unknown>): InvoiceCsvRow {
  const doc = r.document as InvoiceDocument;
  const method = doc.payment.method;
  return {
    ...toListItem(r),
    issued_day: r.issued_day as string,
    buyer_tax_id: doc.buyer.tax_id ?? '',
    tax_label: doc.tax.label,
    tax_rate_percent: doc.tax.rate_percent,
    payment_method: method ? (METHODS[method] ?? method) : '',
    payment_reference: doc.payment.reference ?? '',
  };
}

/** Every document of the range in the order issued, for the export and the archive (streamed). */
export function documentsForExport(db: Db, range: Range): Knex.QueryBuilder {
  return documentsIn(db, range)
    .leftJoin('invoices as c', 'c.id', 'i.credits_invoice_id')
    .orderBy([{ column: 'i.issued_at' }, { column: 'i.number' }])
    .select(COLUMNS(db));
}

/** A page of the documents, newest first, with what the whole filtered range invoiced and credited. */
export async function listInvoices(db: Db, query: ListQuery): Promise<InvoiceList> {
  const [rows, sums] = await Promise.all([
    documentsIn(db, query, query.q)
      .leftJoin('invoices as c', 'c.id', 'i.credits_invoice_id')
      .orderBy([{ column: 'i.issued_at', order: 'desc' }, { column: 'i.number', order: 'desc' }])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .select(COLUMNS(db)),
    documentsIn(db, query, query.q).first(
      db.raw('count(*)::int AS total'),
      db.raw(`coalesce(sum(i.total_cents) FILTER (WHERE i.kind = 'invoice'), 0)::bigint AS invoiced`),
      db.raw(`coalesce(sum(i.total_cents) FILTER (WHERE i.kind = 'credit_note'), 0)::bigint AS credited`),
    ),
  ]);
  const invoiced = Number(sums.invoiced);
  const credited = Number(sums.credited);
  return { items: rows.map(toListItem), total: sums.total, totals: { invoiced_cents: invoiced, credited_cents: credited, net_cents: invoiced - credited } };
}
