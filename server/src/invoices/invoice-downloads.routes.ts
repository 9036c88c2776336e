import { checkoutBillingSchema, type BookingDocuments } from '@workshop/shared';
import { openBooking } from '../bookings/booking-token.queries';
import type { Db } from '../db/knex';
import { NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse, parseId } from '../http/validate';
import { readTaxIdLabel } from '../settings/invoicing-settings.queries';
import { correctBilling } from './invoice-correction';
import { documentByNumber, documentsOfOrder, sameAddress, sendPdf } from './invoice-files';
import type { IssuedDocument } from './pdf/invoice-pdf';

const ONLY_THE_BUYER = 'The invoice goes to the person who paid for this booking: ask them for it.';

/**
 * The order behind a booking link, when the link's holder is the one its invoice was made out to.
 * An attendee's link opens their seat, not the order's money; a booking handed to someone else
 * (its holder's email no longer the invoice's) keeps its invoice with the payer.
 */
async function buyersOrder(db: Db, token: string): Promise<{ id: string; docs: Documents }> {
  const opened = await openBooking(db, token);
  if (opened.attendee) throw new NotFoundError(ONLY_THE_BUYER);
  const docs = await documentsOfOrder(db, opened.booking.id);
  if (docs.invoice && !sameAddress(docs.invoice.document.buyer.email, opened.booking.email)) throw new NotFoundError(ONLY_THE_BUYER);
  return { id: opened.booking.id, docs };
}

type Documents = Awaited<ReturnType<typeof documentsOfOrder>>;

const brief = (d: IssuedDocument) => ({ number: d.number, issued_at: new Date(d.issued_at).toISOString(), total_cents: d.total_cents, currency: d.currency });
/** The order's documents as the booking page shows them (`known`: already read for this request). */
async function listed(db: Db, registrationId: string, known?: Documents): Promise<BookingDocuments> {
  const [{ invoice, creditNotes }, taxIdLabel] = await Promise.all([known ?? documentsOfOrder(db, registrationId), readTaxIdLabel(db)]);
  const buyer = invoice?.document.buyer;
  return {
    invoice: invoice && { ...brief(invoice), title: invoice.document.title === 'Receipt' ? 'Receipt' : 'Tax invoice' },
    credit_notes: creditNotes.map((n) => ({ ...brief(n), credits: n.document.credits?.number ?? '', reason: n.refund_key?.startsWith('correction:') ? 'correction' : 'refund' })),
    billing: { ...(buyer?.company ? { company: buyer.company } : {}), ...(buyer?.address ? { address: buyer.address } : {}), ...(buyer?.tax_id ? { tax_id: buyer.tax_id } : {}) },
    tax_id_label: taxIdLabel,
    correctable: Boolean(invoice) && !creditNotes.some((n) => n.document.credits?.number === invoice?.number),
  };
}

/** Issue 25, point 5: the buyer downloads from the booking page, admins from a registration or the Invoices screen. */
export const invoiceDownloadRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/booking/:token/invoices',
    access: 'lookup',
    handler: async (req, res) => {
      res.set('Cache-Control', 'no-store');
      try {
        const order = await buyersOrder(db, String(req.params.token));
        res.json(await listed(db, order.id, order.docs));
      } catch (err) {
        // Not the payer's link: the page shows no invoice (a link that opens nothing is still 404).
        if (!(err instanceof NotFoundError && err.message === ONLY_THE_BUYER)) throw err;
        const none: BookingDocuments = { invoice: null, credit_notes: [], billing: {}, tax_id_label: '', correctable: false };
        res.json(none);
      }
    },
  },
  {
    method: 'put',
    path: '/api/booking/:token/billing',
    access: 'lookup',
    handler: async (req, res) => {
      const { id } = await buyersOrder(db, String(req.params.token));
      const { billing } = parse(checkoutBillingSchema(await readTaxIdLabel(db)), req.body);
      await correctBilling(db, id, billing);
      res.json(await listed(db, id));
    },
  },
  {
    method: 'get',
    path: '/api/booking/:token/invoice.pdf',
    access: 'lookup',
    handler: async (req, res) => {
      const { invoice } = (await buyersOrder(db, String(req.params.token))).docs;
      if (!invoice) throw new NotFoundError('This booking has no invoice.');
      await sendPdf(db, res, invoice);
    },
  },
  {
    method: 'get',
    path: '/api/booking/:token/credit-notes/:number.pdf',
    access: 'lookup',
    handler: async (req, res) => {
      const { creditNotes } = (await buyersOrder(db, String(req.params.token))).docs;
      const note = creditNotes.find((n) => n.number === req.params.number);
      if (!note) throw new NotFoundError('This booking has no credit note with this number.');
      await sendPdf(db, res, note);
    },
  },
  {
    method: 'get',
    path: '/api/admin/registrations/:id/invoices',
    access: 'admin',
    handler: async (req, res) => {
      const id = parseId(req.params.id, 'No registration with this id.');
      if (!(await db('workshop_registrations').where({ id }).first('id'))) throw new NotFoundError('No registration with this id.');
      res.json(await listed(db, id));
    },
  },
  {
    method: 'get',
    path: '/api/admin/invoices/:number.pdf',
    access: 'admin',
    handler: async (req, res) => {
      await sendPdf(db, res, await documentByNumber(db, String(req.params.number)));
    },
  },
];
