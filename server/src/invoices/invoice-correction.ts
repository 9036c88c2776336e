import { INVOICE_CORRECTION_MESSAGES, type Billing, type InvoiceDocument } from '@workshop/shared';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError } from '../http/errors';
import { readInvoicing } from '../settings/invoicing-settings.queries';
import { lockCurrentInvoice } from './current-invoice';
import { nextNumber } from './numbering';

const same = (a: Billing, b: Billing) => (a.company ?? '') === (b.company ?? '') && (a.address ?? '') === (b.address ?? '') && (a.tax_id ?? '') === (b.tax_id ?? '');
const billingOf = (d: InvoiceDocument): Billing => ({ ...(d.buyer.company ? { company: d.buyer.company } : {}), ...(d.buyer.address ? { address: d.buyer.address } : {}), ...(d.buyer.tax_id ? { tax_id: d.buyer.tax_id } : {}) });

/**
 * The buyer corrects the company details on their invoice. An invoice never changes: the old one
 * is credited in full by a credit note and a new one, the same but for the buyer, is issued
 * (`replaces` names the old), both numbered in this transaction. Only while nothing has been
 * credited on the invoice (a part refunded already is for an admin to sort out). The same details
 * again change nothing, so a second click or a replay issues nothing more; two corrections at once
 * wait for each other on the order's row, a refund's credit note and a correction on the invoice's.
 * Answers the invoice now current.
 */
export async function correctBilling(db: Db, registrationId: string, billing: Billing | undefined): Promise<{ number: string; changed: boolean }> {
  return db.transaction(async (trx) => {
    // Two corrections of one order queue here. Not FOR UPDATE: a credit note of a refund inserted
    // meanwhile checks its order's key (FOR KEY SHARE), which this leaves free, so the two meet
    // only at the invoice's own lock and never wait for each other in a circle.
    await trx('workshop_registrations').where({ id: registrationId }).forNoKeyUpdate().first('id');
    // The invoice's own lock is the one every credit note on it takes: none can slip in between the check below and the correction.
    const invoice = await lockCurrentInvoice(trx, { registrationId });
    if (!invoice) throw new NotFoundError(INVOICE_CORRECTION_MESSAGES.noInvoice);
    const doc = invoice.document as InvoiceDocument;
    const next = billing ?? {};
    if (same(billingOf(doc), next)) return { number: invoice.number, changed: false };
    if (await trx('invoices').where({ credits_invoice_id: invoice.id }).first('id')) throw new ConflictError(INVOICE_CORRECTION_MESSAGES.credited);

    const settings = await readInvoicing(trx);
    const creditNote: InvoiceDocument = {
      ...doc,
      title: 'Credit note',
      lines: doc.lines.map((l) => ({ ...l, description: `Cancelled to correct the buyer's details: ${l.description}` })),
      credits: { number: invoice.number, issued_at: new Date(invoice.issued_at).toISOString() },
    };
    delete creditNote.replaces;
    const noteNumber = await nextNumber(trx, settings.credit_note_prefix);
    const amounts = { currency: invoice.currency, net_cents: invoice.net_cents, tax_cents: invoice.tax_cents, total_cents: invoice.total_cents };
    await trx('invoices').insert({ number: noteNumber, kind: 'credit_note', registration_id: registrationId, credits_invoice_id: invoice.id, refund_key: `correction:${invoice.id}`, ...amounts, document: JSON.stringify(creditNote) });

    const { name, email } = doc.buyer;
    const reissued: InvoiceDocument = { ...doc, buyer: { name, email, ...next }, replaces: invoice.number };
    const number = await nextNumber(trx, settings.invoice_prefix);
    await trx('invoices').insert({ number, kind: 'invoice', registration_id: registrationId, ...amounts, document: JSON.stringify(reissued) });
    await trx('workshop_registrations').where({ id: registrationId }).update({ billing: Object.keys(next).length ? JSON.stringify(next) : null, updated_at: trx.fn.now() });
    return { number, changed: true };
  });
}
