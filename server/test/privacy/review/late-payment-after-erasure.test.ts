import { describe, expect, it } from 'vitest';
import { razorpayWebhook, refundedAtProvider, refundsSettled } from '../../payments/booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';
import { eraseByInbox } from '../erasure-helpers';

/**
 * blockingOf only stops an erasure for a failed checkout whose row changed in the last 7 days.
 * Nothing stops its provider order being paid after that (the Razorpay order stays payable, the
 * webhook settles it whenever it comes, with no age limit), and settlement gives the money a seat
 * on the now nameless "Erased" row: the buyer is charged, their confirmation is dropped (erased
 * address), their booking link was never issued to them: they have neither a usable seat nor a refund.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

describe('erasure vs a late payment of an old failed checkout', () => {
  it('money paid for an erased checkout goes back in full (or the payer is told of their seat)', async () => {
    const w = await createWorkshop(h.db, { title: 'Far Ahead', date: new Date(Date.now() + 30 * 86_400_000) });
    const who = buyer('late-erased');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    expect(co.status, co.text).toBe(201);
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    // The hold ran out 8 days ago, unpaid (the reconciler failed it then).
    await h.db('workshop_registrations').where({ id: reg.id }).update({ status: 'failed', status_reason: 'hold_expired', hold_expires_at: h.db.raw(`now() - interval '8 days'`) });
    await h.db('workshop_registrations').where({ id: reg.id }).update({ created_at: h.db.raw(`now() - interval '8 days'`), updated_at: h.db.raw(`now() - interval '8 days'`) });

    const answer = await eraseByInbox(h, who.email);
    expect(answer).toMatchObject({ kind: 'erasure', outcome: 'erased' });

    // The buyer pays the order still open in their checkout window; Razorpay tells us.
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect(paid.status, paid.text).toBe(200);
    const hook = await razorpayWebhook(h, 'payment.captured', paid.body.razorpay_payment_id, co.body.order.id);
    expect(hook.status).toBe(200);
    await refundsSettled(h);

    const after = await h.db('workshop_registrations').where({ id: reg.id }).first('status', 'name', 'email');
    const back = await refundedAtProvider(h, { provider: 'razorpay', paymentId: paid.body.razorpay_payment_id });
    // Give any email a moment to go out.
    await new Promise((r) => setTimeout(r, 1500));
    const told = (await sandboxEmails(h.server, who.email)).some((m) => m.subject.startsWith("You're registered"));
    // Either the money went back in full, or the payer was told about the seat it bought.
    const state = JSON.stringify({ registration: after, refundedCents: back.cents, payerToldOfSeat: told });
    expect(told || back.cents === reg.amount, `paid ${reg.amount} cents, got: ${state}`).toBe(true);
  });
});
