import { formatDateTime, type Billing, type InvoiceDocument, type InvoicingSettings } from '@workshop/shared';
import type { Knex } from 'knex';
import { readInvoicing } from '../settings/invoicing-settings.queries';
import type { EmailSender } from '../email/email.data';
import { queueCreditNoteEmail } from './invoice-emails';
import { lockCurrentInvoice } from './current-invoice';
import { keepLogo } from './logos';
import { nextNumber } from './numbering';
import { taxIncluded } from './tax';

interface OrderRow {
  id: string;
  name: string;
  email: string;
  amount: number;
  discount_cents: number;
  seats_bought: number;
  currency: string;
  payment_method: string | null;
  payment_id: string | null;
  by_hand_payment: 'complimentary' | 'offline' | null;
  billing: Billing | null;
  title: string;
  date: Date;
}

async function sellerOf(trx: Knex.Transaction, s: InvoicingSettings): Promise<InvoiceDocument['seller']> {
  const logo = s.logo ? await keepLogo(trx, s.logo) : undefined;
  return { legal_name: s.legal_name, address: s.address, tax_id_label: s.tax_id_label, tax_id: s.tax_id, footer: s.footer, ...(logo ? { logo } : {}) };
}
/** A tax invoice needs the seller's legal name and address; without them the document is a receipt. */
const titleOf = (s: InvoicingSettings): InvoiceDocument['title'] => (s.legal_name && s.address ? 'Tax invoice' : 'Receipt');
const workshopLine = (o: OrderRow) => `${o.title}, ${formatDateTime(o.date)}`;

/**
 * The invoice of an order whose money was just verified (subscribed to `paymentCompleted`, so it is
 * numbered in the transaction that completes the payment). One per order: a second completion of
 * the same order issues nothing. Orders with no money (a free code, a complimentary booking) get none.
 */
export async function issueInvoice(trx: Knex.Transaction, registrationId: string): Promise<void> {
  const order: OrderRow | undefined = await trx('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .where('r.id', registrationId)
    .first('r.id', 'r.name', 'r.email', 'r.amount', 'r.discount_cents', 'r.seats_bought', 'r.currency', 'r.payment_method', 'r.payment_id', 'r.by_hand_payment', 'r.billing', 'w.title', 'w.date');
  if (!order || order.amount <= 0 || order.by_hand_payment === 'complimentary') return;
  if (await trx('invoices').where({ registration_id: order.id, kind: 'invoice' }).first('id')) return;
  const settings = await readInvoicing(trx);
  const split = taxIncluded(order.amount, settings.tax_rate_percent);
  const seats = Math.max(1, order.seats_bought);
  const document: InvoiceDocument = {
    title: titleOf(settings),
    seller: await sellerOf(trx, settings),
    buyer: { name: order.name, email: order.email, ...(order.billing ?? {}) },
    lines: [{ description: workshopLine(order), quantity: seats, unit_cents: Math.round((order.amount + order.discount_cents) / seats), discount_cents: order.discount_cents, net_cents: split.net, tax_cents: split.tax, total_cents: order.amount }],
    tax: { label: settings.tax_label, rate_percent: settings.tax_rate_percent },
    payment: { method: order.by_hand_payment === 'offline' ? 'offline' : order.payment_method, reference: order.payment_id },
    paper: settings.paper,
  };
  const number = await nextNumber(trx, settings.invoice_prefix);
  await trx('invoices').insert({ number, kind: 'invoice', registration_id: order.id, currency: order.currency, net_cents: split.net, tax_cents: split.tax, total_cents: order.amount, document: JSON.stringify(document) });
  // Money given back at the provider's dashboard before the payment became this seat had no invoice to
  // be credited on: credited now, under the key the hand refund's own credit note would have had.
  if (order.payment_id && order.payment_method) {
    const ledger = await trx('payments').where({ provider: order.payment_method, payment_id: order.payment_id }).first('refunded_outside_cents');
    const outside = Number(ledger?.refunded_outside_cents ?? 0);
    if (outside > 0) await issueCreditNote(trx, { registrationId: order.id, paymentId: order.payment_id, refundKey: `outside:${order.payment_id}:${outside}`, cents: outside });
  }
}

/**
 * The credit note of money given back (subscribed to `refundCompleted`): exactly the refunded
 * amount, its tax split as the invoice's rate split it, referencing the invoice of the payment the
 * money came from (a seat moved out of a team is refunded from the team's payment, on the team's
 * invoice; an order an admin cleared away still has its invoice). Once per refund (`refundKey`),
 * so a replayed outcome issues nothing more. Money of a payment never invoiced (issued before
 * invoicing existed, or that bought nothing) gets none.
 */
export async function issueCreditNote(
  trx: Knex.Transaction,
  e: { registrationId: string | null; paymentId: string | null; refundKey: string; cents: number },
): Promise<{ number: string; invoiceNumber: string; registrationId: string | null; buyerEmail: string; buyerName: string } | null> {
  if (e.cents <= 0) return null;
  // Money of a provider payment is credited on that payment's invoice only (a second payment of an
  // order was never invoiced); money given back by hand on a booking paid outside the site, on its order's.
  const invoice = await lockCurrentInvoice(trx, e.paymentId ? { paymentId: e.paymentId } : e.registrationId ? { registrationId: e.registrationId } : undefined);
  if (!invoice) return null;
  if (await trx('invoices').where({ refund_key: e.refundKey }).first('id')) return null;
  const settings = await readInvoicing(trx);
  const issued = invoice.document as InvoiceDocument;
  const split = taxIncluded(e.cents, issued.tax.rate_percent);
  const document: InvoiceDocument = {
    ...issued,
    title: 'Credit note',
    seller: await sellerOf(trx, settings),
    lines: [{ description: `Refund: ${issued.lines[0]?.description ?? 'workshop seats'}`, quantity: 1, unit_cents: e.cents, discount_cents: 0, net_cents: split.net, tax_cents: split.tax, total_cents: e.cents }],
    credits: { number: invoice.number, issued_at: new Date(invoice.issued_at).toISOString() },
  };
  const number = await nextNumber(trx, settings.credit_note_prefix);
  const registrationId: string | null = invoice.registration_id ?? null;
  await trx('invoices').insert({ number, kind: 'credit_note', registration_id: registrationId, credits_invoice_id: invoice.id, refund_key: e.refundKey, currency: invoice.currency, net_cents: split.net, tax_cents: split.tax, total_cents: e.cents, document: JSON.stringify(document) });
  return { number, invoiceNumber: invoice.number, registrationId, buyerEmail: issued.buyer.email, buyerName: issued.buyer.name };
}

/**
 * What `paymentCompleted` runs: the invoice, inside a savepoint of the completing transaction. An
 * invoice that cannot be issued never stops a verified payment from becoming its seat: its part
 * is undone alone (its number given back) and the order stays without one, for an admin to see.
 */
export function invoiceCompletedOrder(trx: Knex.Transaction, registrationId: string): Promise<void> {
  return apart(trx, 'invoice not issued', registrationId, (savepoint) => issueInvoice(savepoint, registrationId));
}

/**
 * What `refundCompleted` runs: the credit note, apart in the same way (a refund that went through
 * is never retried for it), and its email to the buyer with the PDF.
 */
export function creditRefund(trx: Knex.Transaction, e: { registrationId: string | null; paymentId: string | null; refundKey: string; cents: number; sender: EmailSender }): Promise<void> {
  return apart(trx, 'credit note not issued', e.registrationId ?? e.paymentId ?? e.refundKey, async (savepoint) => {
    const issued = await issueCreditNote(savepoint, e);
    // The buyer of the invoice hears of it, while their order is here to write from.
    if (issued?.registrationId) await queueCreditNoteEmail(savepoint, issued.registrationId, { ...issued, cents: e.cents, byHand: e.paymentId === null }, e.sender);
  });
}

async function apart(trx: Knex.Transaction, msg: string, registrationId: string, issue: (savepoint: Knex.Transaction) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await trx.transaction(issue);
      return;
    } catch (err) {
      // A deadlock aborts only the savepoint, which gives back the locks it took: tried again, it can
      // go through (issuing is idempotent: the order's invoice, the refund's key, the email's key).
      if ((err as { code?: string }).code === '40P01' && attempt < 3) continue;
      // Hooks have no logger; the server's log keeps stderr.
      console.error(JSON.stringify({ level: 'error', msg, registrationId, err: String(err) }));
      return;
    }
  }
}
