import { describe, expect, it } from 'vitest';
import { refundsSettled } from '../payments/booking-flows';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { paidTeamOfThree } from '../bookings/seat-move-flows';

/**
 * Review 23: a moved seat's refund that completes while the team's buyer corrects their billing
 * details is credited on the invoice the correction just credited in full.
 *
 * Promise (issue 25, "the books"): credit notes on an invoice never exceed its total; every refund
 * gets one credit note referencing the invoice of the payment the money came from (the one in
 * force); a correction credits the old invoice in full "only while nothing has been credited on it".
 *
 * invoice-correction.ts serialises on the ORDER's row (the team booking). refund.outcomes.ts locks
 * the REFUND's registration: for a seat moved out of the team, that is the moved booking, not the
 * team's; invoice.service.ts issueCreditNote then reads the payment's invoice with no lock at all.
 * So the refund's transaction reads the team's invoice while the correction (which saw no credit
 * note on it) is still open, and credits that invoice after the correction has credited it in
 * full and replaced it.
 *
 * Sequence (the interleaving forced with a row lock the test holds on the invoice counter, as a
 * slow concurrent issue would):
 *  1. Buyer pays 297.00 for 3 seats by card: invoice I1 of 297.00. Admin moves seat 3 to another
 *     workshop (a 99.00 booking paid by the team's payment).
 *  2. The buyer corrects the company details from the booking page: I1 has no credit note, the
 *     correction credits it in full and waits for the next invoice number.
 *  3. Admin refunds the moved seat's 99.00; Razorpay gives it back and its transaction reads I1
 *     (the invoice of that payment), then waits for the credit note number.
 *  4. The counter is released: the correction commits (I1 credited 297.00, I2 issued), then the refund.
 * Observed: I1 carries credit notes of 297.00 + 99.00 = 396.00 on a 297.00 invoice; I2, the
 *   invoice in force, carries nothing: the books say 297.00 still invoiced while only 198.00 is held.
 * Expected: the credit notes on I1 never pass 297.00; the refund's 99.00 is credited on I2 (or the
 *   correction is refused).
 *
 * Second case, the same gap without the counter: the correction holds the team's row while the
 * refund's transaction, having taken the credit-note counter, inserts its credit note (whose
 * registration_id, the team's, needs a key-share lock on that row); the correction then asks for the
 * credit-note counter: a deadlock. PostgreSQL aborts the refund's savepoint ("credit note not
 * issued", creditRefund never retries): the 99.00 is back at Razorpay and no credit note says so.
 * (Forced by a lock the test holds on the team's row while both start, as a slow decision would.)
 * Expected: the refund's 99.00 credited once (on I2).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const waiters = async (pattern: string) =>
  Number((await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ?`, [pattern])).rows[0].n);
const bookingToken = async (email: string) => {
  const mail = await waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject.startsWith("You're registered")));
  const token = mail.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1] as string;
  expect(token).toBeTruthy();
  return token;
};
const creditsOf = async (id: string) => (await h.db('invoices').where({ credits_invoice_id: id }).orderBy('number').pluck('total_cents')) as number[];
/** Backends of this test's database waiting for a lock: the correction, then the refund's transaction too. */
const lockWaiters = () => waiters('%');

/**
 * Either order is fine: the correction first (I1 credited in full, the refund credited on I2) or the
 * refund first (its credit note on I1, the correction refused as the invoice carries one). The
 * refund's credit note is never lost, and never lands on an invoice credited in full.
 */
async function expectCreditedOnce(teamId: string, paymentId: string, corrected: number | undefined) {
  await refundsSettled(h);
  expect((await h.db('refunds').where({ payment_id: paymentId }).first('status')).status).toBe('succeeded');
  await new Promise((r) => setTimeout(r, 500));
  const invoices = await h.db('invoices').where({ registration_id: teamId, kind: 'invoice' }).orderBy('number').select('id');
  const refundNotes = await h.db('invoices').where({ refund_key: `refund:${(await h.db('refunds').where({ payment_id: paymentId }).first('id')).id}` }).pluck('total_cents');
  const expected =
    corrected === 200 ? { corrected, refundNotes: [9900], invoices: 2, onI1: [29700], onI2: [9900] } : { corrected: 409, refundNotes: [9900], invoices: 1, onI1: [9900], onI2: [] };
  expect(
    { corrected, refundNotes, invoices: invoices.length, onI1: await creditsOf(invoices[0].id), onI2: invoices[1] ? await creditsOf(invoices[1].id) : [] },
    'the refund went back but its credit note was lost, or landed on the invoice the correction credited in full',
  ).toEqual(expected);
}

describe('a moved seat’s refund completing while the team’s buyer corrects the invoice', () => {
  it('never credits the replaced invoice past its total', async () => {
    const { to, team, seats, paymentId } = await paidTeamOfThree(h, { label: 'R23 race', tag: 'r23-race', people: { name: 'r23', email: 'r23race' } });
    const token = await bookingToken('buyerr23-race@example.com');
    const i1 = await h.db('invoices').where({ registration_id: team.id, kind: 'invoice' }).first('id', 'number', 'total_cents');
    expect(i1.total_cents).toBe(29700);
    const move = await h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[2].id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect(move.status, move.text).toBe(200);
    const movedId = move.body.moved_to as string;

    // The test holds the invoice counter's row, as a slow issue on another order would.
    const holder = await h.db.transaction();
    let correction: ReturnType<typeof h.api> | undefined;
    try {
      await holder('invoice_counters').where({ prefix: 'INV-' }).forUpdate().select('*');
      correction = h.api('PUT', `/api/booking/${token}/billing`, { body: { billing: { company: 'Acme Widgets Ltd' } } });
      await waitFor(async () => (await waiters('INSERT INTO invoice_counters%')) >= 1);
      const refund = await h.api('POST', `/api/admin/registrations/${movedId}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'refund the moved seat' } });
      expect(refund.status, refund.text).toBe(200);
      // The refund went back at Razorpay; its transaction now waits too (for the number, or for whatever it locks first).
      await waitFor(async () => (await lockWaiters()) >= 2, 20_000);
    } finally {
      await holder.commit();
    }
    await expectCreditedOnce(team.id, paymentId, (await correction)?.status);
  }, 120_000);

  it('never loses the refund’s credit note to a deadlock with the correction', async () => {
    const { to, team, seats, paymentId } = await paidTeamOfThree(h, { label: 'R23 lock', tag: 'r23-lock', people: { name: 'r23l', email: 'r23lock' } });
    const token = await bookingToken('buyerr23-lock@example.com');
    const move = await h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[2].id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect(move.status, move.text).toBe(200);
    const movedId = move.body.moved_to as string;

    // The test holds the team's row, as a slow decision on the team booking would.
    const holder = await h.db.transaction();
    let correction: ReturnType<typeof h.api> | undefined;
    try {
      await holder('workshop_registrations').where({ id: team.id }).forUpdate().first('id');
      correction = h.api('PUT', `/api/booking/${token}/billing`, { body: { billing: { company: 'Acme Widgets Ltd' } } });
      await waitFor(async () => (await waiters('%for%update%')) >= 1);
      const refund = await h.api('POST', `/api/admin/registrations/${movedId}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'refund the moved seat' } });
      expect(refund.status, refund.text).toBe(200);
      // The refund went back at Razorpay; its transaction waits too (to insert its credit note, which names the team's row).
      await waitFor(async () => (await lockWaiters()) >= 2, 20_000);
    } finally {
      await holder.commit();
    }
    await expectCreditedOnce(team.id, paymentId, (await correction)?.status);
  }, 120_000);
});
