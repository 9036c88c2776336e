import type { InvoiceDocument } from '@workshop/shared';
import type { Knex } from 'knex';

export interface CurrentInvoice {
  id: string;
  number: string;
  issued_at: Date;
  currency: string;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  document: InvoiceDocument;
  registration_id: string | null;
}

const COLUMNS = ['id', 'number', 'issued_at', 'currency', 'net_cents', 'tax_cents', 'total_cents', 'document', 'registration_id'];

/**
 * The invoice in force for a payment (or an order), locked for this transaction. Everything that
 * credits an invoice takes this lock first (a refund's credit note, a correction), so the check
 * "what is credited on it" and the credit note that follows cannot interleave with another. A
 * correction replaces the invoice while holding it: whoever waited for the lock then finds the
 * replacement, and moves on to it.
 */
export async function lockCurrentInvoice(trx: Knex.Transaction, of: { paymentId: string } | { registrationId: string } | undefined): Promise<CurrentInvoice | undefined> {
  if (!of) return undefined;
  for (let hops = 0; hops < 100; hops++) {
    const q = trx('invoices').where({ kind: 'invoice' });
    if ('paymentId' in of) q.whereRaw(`document->'payment'->>'reference' = ?`, [of.paymentId]);
    else q.where({ registration_id: of.registrationId });
    const newest: CurrentInvoice | undefined = await q.orderBy([{ column: 'issued_at', order: 'desc' }, { column: 'number', order: 'desc' }]).first(COLUMNS);
    if (!newest) return undefined;
    const locked: CurrentInvoice = await trx('invoices').where({ id: newest.id }).forUpdate().first(COLUMNS);
    // Replaced while we waited for it: the replacement is the one in force.
    if (!(await trx('invoices').where({ kind: 'invoice' }).whereRaw(`document->>'replaces' = ?`, [locked.number]).first('id'))) return locked;
  }
  throw new Error('invoice replaced more than 100 times while waiting for it');
}
