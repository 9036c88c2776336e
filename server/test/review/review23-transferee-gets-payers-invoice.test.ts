import { type InvoiceDocument } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { bookByCard } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Review 23: after a booking is handed to someone else, the new holder's link downloads the
 * payer's invoice (their company, address and tax ID) and can "correct" it: the payer's invoice
 * is credited and a new tax invoice issued for the payer's payment naming the new holder's company.
 *
 * Promise (issue 25, "the books"): PDFs/downloads only to the BUYER's own booking link (not an
 * attendee's link, not another booking's) or to admins; billing correction from the booking page
 * is the buyer correcting the company details on THEIR invoice.
 *
 * transfer.service.ts handOver gives the order a new holder (name, email, a new link; "no money
 * moves": the payment stays the payer's). invoice-downloads.routes.ts buyersOrder only refuses an
 * attendee's link: any link that opens the order counts as the buyer's, so the transferee's does.
 * The transferee's "You're registered" email (a confirmation_resend) also carries the invoice PDF
 * (invoice-emails.ts invoiceAttachments), and later credit notes are emailed to the order's current
 * email (the transferee's). The payer's own link stops working, so the payer can no longer
 * download or correct their invoice at all. (The product already says who paid is not who holds
 * the seat: by-hand.service.ts "Who paid stays who paid: a transfer hands the seat on, not the money".)
 *
 * Sequence:
 *  1. Payer Co's employee pays 99.00 by card with company 'Payer Holdings Ltd', tax ID GB111 (invoice I1).
 *  2. From their booking link, they transfer the booking to Cara (a stranger to the payment).
 *  3. Cara's link: GET /api/booking/:token/invoice.pdf, then PUT /api/booking/:token/billing
 *     {company: 'Cara Consulting', tax_id: 'GB999'}.
 * Observed: Cara's confirmation email carries I1's PDF; the download answers 200 with I1 (the
 *   payer's company and tax ID); the correction answers 200, credits I1 in full and issues I2: a tax
 *   invoice for the payer's 99.00 naming Cara Consulting / GB999, who paid nothing.
 * Expected: the payer's invoice is not handed to, and cannot be re-issued by, the new holder's link
 *   (404/403 for the download and the correction; no invoice PDF on the transferee's confirmation).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const cara = { name: 'Cara Stranger', email: 'cara.stranger-r23@example.com', phone: '9123456780' };

describe('a booking transferred to someone else', () => {
  it('keeps the payer’s invoice away from the new holder’s link', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const b = await bookByCard(h, w.id, 'r23-payer', { billing: { company: 'Payer Holdings Ltd', tax_id: 'GB111' } });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const i1 = await h.db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).first('number');

    const moved = await h.api('POST', `/api/booking/${b.token}/transfer`, { body: cara });
    expect(moved.status, moved.text).toBe(204);
    const welcome = await waitFor(async () => (await sandboxEmails(h.server, cara.email)).find((m) => m.subject.startsWith("You're registered")));
    const token = welcome.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1] as string;
    expect(token).toBeTruthy();

    const pdf = await h.api('GET', `/api/booking/${token}/invoice.pdf`);
    const correction = await h.api('PUT', `/api/booking/${token}/billing`, { body: { billing: { company: 'Cara Consulting', tax_id: 'GB999' } } });
    const invoices = await h.db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).orderBy('number').select('number', 'document');
    const current = invoices.at(-1)!.document as InvoiceDocument;

    expect(
      {
        emailedInvoice: welcome.attachments.some((a: { filename: string }) => a.filename === `${i1.number}.pdf`),
        download: pdf.status,
        correction: correction.status,
        invoices: invoices.length,
        currentBuyer: { company: current.buyer.company, tax_id: current.buyer.tax_id },
      },
      'the transferee receives, downloads and re-issues the payer’s tax invoice',
    ).toEqual({ emailedInvoice: false, download: 404, correction: 404, invoices: 1, currentBuyer: { company: 'Payer Holdings Ltd', tax_id: 'GB111' } });
  }, 60_000);
});
