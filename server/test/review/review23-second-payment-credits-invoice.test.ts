import { describe, expect, it } from 'vitest';
import { razorpayPaymentSignature, SANDBOX_CREDENTIALS } from '../../src/sandbox/sandbox.credentials';
import { bookByCard, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Review 23: the refund of a second payment that was never invoiced is credited on the order's
 * invoice, so an invoice is credited past its total.
 *
 * Promise (issue 25, "the books"): every refund gets one credit note "referencing the invoice of
 * the payment the money came from"; credit notes on an invoice never exceed its total. The code's
 * own words (invoice.service.ts issueCreditNote): "Money of a payment never invoiced ... gets none";
 * refund.outcomes.ts: "A second payment of the same order given back was never invoiced: no credit
 * note for it".
 *
 * refund.outcomes.ts skips the credit note only for reason 'duplicate_payment' (a second payment on
 * a COMPLETED order). A second payment on an order already cancelled or refunded is given back as
 * 'unneeded_payment' (settlement.service.ts FIRST_SEEN_PAYMENT: refund_in_full), and
 * issueCreditNote, finding no invoice for that payment, falls back to the order's invoice
 * (`registration_id`): the money of payment B is credited on the invoice of payment A.
 *
 * Sequence (Razorpay; the buyer's second payment on the same order is put in the sandbox as
 * settlement-locks.test.ts does: two tabs both paid):
 *  1. Buyer pays 99.00 (payment A): invoice I1 of 99.00.
 *  2. Admin refunds the booking in full (99.00 of A back): credit note of 99.00 on I1. Fair.
 *  3. The buyer's second payment B of 99.00 on the same order is verified late: no seat, it goes
 *     back in full (unneeded_payment).
 * Observed: a second credit note of 99.00 on I1: I1 (99.00) is credited 198.00; the books show
 *   -99.00 for an order that netted 0.
 * Expected: no credit note for B (never invoiced): I1 credited exactly 99.00.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

describe('a second payment of an order refunded already', () => {
  it('goes back without a credit note on the first payment’s invoice', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const b = await bookByCard(h, w.id, 'r23-twice');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id', 'phone');
    const i1 = await h.db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).first('id', 'total_cents');
    expect(i1.total_cents).toBe(9900);

    const refund = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'refund in full' } });
    expect(refund.status, refund.text).toBe(200);
    await refundsSettled(h);
    await waitFor(async () => (await h.db('invoices').where({ credits_invoice_id: i1.id }).first('id')) ?? false);

    // The buyer's second payment on the same order (a second tab), verified late.
    const secondId = 'pay_r23_second_tab';
    await h.db('provider_sandbox.razorpay_payments').insert({ id: secondId, order_id: b.orderId, amount: 9900, currency: 'USD', status: 'captured', email: b.email, contact: reg.phone });
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', {
      body: { razorpay_order_id: b.orderId, razorpay_payment_id: secondId, razorpay_signature: razorpayPaymentSignature(b.orderId, secondId, SANDBOX_CREDENTIALS.razorpayKeySecret) },
    });
    expect(verify.status).toBeLessThan(500);
    await waitFor(async () => (await h.db('refunds').where({ payment_id: secondId }).first('id')) ?? false);
    await refundsSettled(h);
    expect((await h.db('refunds').where({ payment_id: secondId }).first('status', 'reason'))).toEqual({ status: 'succeeded', reason: 'unneeded_payment' });
    expect((await refundedAtProvider(h, { provider: 'razorpay', paymentId: secondId })).cents).toBe(9900);
    await new Promise((r) => setTimeout(r, 500));

    const notes = await h.db('invoices').where({ credits_invoice_id: i1.id }).orderBy('number').pluck('total_cents');
    expect(notes, 'the refund of payment B, never invoiced, is credited on payment A’s invoice: 198.00 credited on 99.00').toEqual([9900]);
  }, 60_000);
});
