import { describe, expect, it } from 'vitest';
import { bookByCard, razorpayDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Review 23: money given back by hand at the provider's dashboard gets no credit note.
 *
 * Promise (issue 25, "the books"): every refund that went back gets exactly one credit note for
 * exactly the refunded amount, on the invoice of the payment it came from; an invoice's status
 * says what of it was credited.
 *
 * refundCompleted is emitted only by refund.outcomes.ts (a refund row of ours succeeding) and by a
 * by-hand booking's cancel. A refund an admin makes at Razorpay's dashboard is seen by the refund
 * webhook (webhook.service.ts refundMadeAtProvider -> hand-refunds.ts): with no refund of ours
 * open it is noted as refunded outside (noteRefundedOutside) and, being all of the payment, ends
 * the booking as refunded (refunded-in-full.ts). Neither issues a credit note. Likewise the part
 * of a hand refund above an open refund of ours (credited to it) is noted outside, uncredited.
 *
 * Sequence:
 *  1. Buyer pays 99.00 by card: invoice INV-…-000001 of 99.00.
 *  2. An admin refunds all 99.00 at Razorpay's dashboard; Razorpay's refund.processed webhook arrives.
 * Observed: the booking ends 'refunded' (the server knows all the money went back); the invoice has
 * no credit note and the Invoices list still calls it 'paid' (the books keep 99.00 the business
 * no longer holds).
 * Expected: one credit note of 99.00 on the invoice; the list says 'credited'.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

describe('a refund made at the provider’s dashboard', () => {
  it('is credited on the payment’s invoice like any money that went back', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const b = await bookByCard(h, w.id, 'r23-dash');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const invoice = await h.db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).first('id', 'number', 'total_cents');
    expect(invoice.total_cents).toBe(9900);

    const hand = await razorpayDashboardRefund(h, b.paymentId, 9900);
    expect((await hand.webhook()).status).toBe(200);
    await refundsSettled(h);
    await expect.poll(async () => (await h.db('workshop_registrations').where({ id: reg.id }).first('status')).status).toBe('refunded');
    expect((await refundedAtProvider(h, b)).cents).toBe(9900);
    await new Promise((r) => setTimeout(r, 500));

    const notes = await h.db('invoices').where({ credits_invoice_id: invoice.id }).pluck('total_cents');
    const list = await h.api('GET', '/api/admin/invoices', { token: h.token });
    const listed = list.body.items.find((i: { number: string }) => i.number === invoice.number);
    expect(
      { creditNotes: notes, status: listed.status },
      'all 99.00 went back at the provider and the booking ended refunded, but the books still hold the invoice as paid',
    ).toEqual({ creditNotes: [9900], status: 'credited' });
  }, 60_000);
});
