import { describe, expect, it } from 'vitest';
import { runRetention } from '../../../src/privacy/retention.service';
import { paidTeamOfThree, waitingOnLock } from '../../bookings/seat-move-flows';
import { refundedAtProvider, refundsSettled } from '../../payments/booking-flows';
import { waitFor } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';

/**
 * Review: the retention run itself (runRetention, not its parts) racing an admin's refund of a seat
 * moved out of a team booking (the two bookings share one payment: paid_with_payment_id).
 *
 * deletePaymentRecords (payment-records.queries.ts) locks the batch's bookings SKIP LOCKED: the
 * moved seat's booking, locked by the admin's cancel, is skipped, but the team booking is taken, and
 * its payment's ledger row is then locked with a plain FOR UPDATE: the run WAITS for the admin's
 * cancel to commit, and then deletes the shared ledger row and EVERY refund of that payment, including
 * the one the admin just queued for the skipped booking. Nothing is checked again after the wait.
 *
 * Sequence:
 *  1. A team of 3 paid 297.00 (Razorpay) in workshop A; an admin moves seat 3 to workshop B (booking M,
 *     paid with the team's payment). Both workshops and the payment's records are 8 years old: both due.
 *  2. An admin cancels M with its 99.00 back (POST /api/admin/registrations/M/refund); its transaction
 *     holds M and the payment's ledger row (here held a moment before it inserts the refund).
 *  3. The retention run starts meanwhile: M is skipped, the team booking is taken; the run waits for the ledger row.
 *  4. The admin's cancel commits (M refund_pending, a 99.00 refund queued); the run goes on and commits.
 * Before the fix (the due conditions are now asked again with the rows held): the queued refund is deleted with the ledger row; M stays refund_pending; nothing goes back.
 * Expected: M's buyer gets the 99.00 the admin decided (or the run leaves that payment's records alone).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const YEAR = 365 * 86_400_000;
const yearsAgo = (n: number) => new Date(Date.now() - n * YEAR);

describe('the retention run racing an admin refund of a moved seat', () => {
  it('never deletes the refund the admin just decided', async () => {
    const { from, to, team, seats, paymentId } = await paidTeamOfThree(h, { label: 'RR', tag: 'rr', people: { name: 'rr', email: 'rr' } });
    const move = await h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[2].id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect(move.status, move.text).toBe(200);
    const movedId = move.body.moved_to as string;

    await h.db('workshops').whereIn('id', [from.id, to.id]).update({ date: yearsAgo(8) });
    await h.db('payments').where({ payment_id: paymentId }).update({ created_at: yearsAgo(8), decided_at: yearsAgo(8) });
    await h.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await trx('invoices').whereIn('registration_id', [team.id, movedId]).update({ issued_at: yearsAgo(8) });
    });
    expect((await h.api('GET', '/api/admin/privacy/retention', { token: h.token })).body.due.payment_records).toBe(2);
    // The provider does not answer refunds for a moment (the refund stays queued whoever wins the worker race).
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 120 } })).status).toBe(204);

    // The admin's cancel is held just before it inserts its refund (it holds M and the ledger row by then).
    const hold = await h.db.transaction();
    await hold.raw('LOCK TABLE refunds IN EXCLUSIVE MODE');
    const cancel = h.api('POST', `/api/admin/registrations/${movedId}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'seat moved, buyer cannot come' } });
    await waitFor(() => waitingOnLock(h, '%insert into "refunds"%'), 20_000, 50);

    const run = runRetention(h.db);
    await waitFor(() => waitingOnLock(h, '%FOR UPDATE OF p%'), 20_000, 50);
    await hold.commit();
    const cancelled = await cancel;
    expect(cancelled.status, cancelled.text).toBe(200);
    const done = await run;

    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } })).status).toBe(204);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 3000));

    const m = await h.db('workshop_registrations').where({ id: movedId }).first('status', 'paid_with_payment_id', 'payment_records_deleted_at');
    expect(
      {
        runDeleted: done.payment_records,
        movedStatus: m.status,
        refundRowsOfM: await h.db('refunds').where({ registration_id: movedId }).count('* as n').first(),
        ledgerRows: (await h.db('payments').where({ payment_id: paymentId })).length,
        backAtProvider: await refundedAtProvider(h, { provider: 'razorpay', paymentId }),
      },
      'the run deleted the refund an admin decided for the moved seat: M paid 99.00, has no seat and no refund',
    ).toMatchObject({ movedStatus: 'refunded', refundRowsOfM: { n: 1 }, backAtProvider: { cents: 9900, refunds: 1 } });
  }, 120_000);
});
