import { describe, expect, it } from 'vitest';
import { bookByCard, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { DAY } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * Review 22: a refund runner whose claim ran out while it was still running goes on and asks
 * the provider; the admin's retry started meanwhile claims the refund and asks too.
 *
 * Promise (README "Refunds are durable, and made once": "a second runner (an admin's retry
 * started beside the running one, another instance) finds it claimed ... only the holder ever
 * asks the provider, so one refund is never made twice"; and "a business decision (a policy
 * cancellation keeping a fee ...) is final").
 *
 * payments/refunds/refund.claim.ts gives a runner a five-minute lease (REFUND_LEASE_SECONDS),
 * "far longer than its provider calls can take". But between its claim and its provider call
 * the runner also waits on the database: creditNow -> attributeHandRefunds takes the payment's
 * ledger lock (FOR UPDATE), with no lock or statement timeout. A runner that waits there longer
 * than its lease (any slow transaction holding the payment's row, a stalled connection) comes
 * back with an expired claim and still calls the provider (refund.task.ts makeOnce never checks
 * that its claim_id still holds the row); meanwhile its lease let a second runner claim the
 * refund. Razorpay takes no idempotency key, so both refunds are made.
 *
 * Sequence (Razorpay, one seat of 99.00, workshop 5 days away: the policy gives back half):
 *  1. The buyer cancels from their booking link: 49.50 back, 49.50 kept (one refund row).
 *  2. Razorpay's refund API is down for a moment: the first attempt fails (it cannot list the
 *     payment's refunds), the refund shows in Needs attention with its error, retried in ~3 s.
 *  3. A slow transaction holds the payment's ledger row (the test holds it, FOR UPDATE).
 *  4. The second attempt claims the refund, reads Razorpay's refund list, and waits for that row.
 *  5. More than five minutes later (its lease has run out) an admin presses Retry on it in Needs
 *     attention; the retry also waits for the payment's row.
 *  6. The slow transaction ends. The waiting runner goes on to Razorpay (slow: 3 s); the admin's
 *     retry wakes a second runner, which claims the refund (the lease ran out), finds nothing of
 *     it at Razorpay yet, and asks too.
 * Observed: Razorpay made two refunds of 49.50 for the one refund row: all 99.00 went back.
 * Expected: one refund of 49.50; the cancellation keeps 49.50 (the runner renews its lease just
 * before its provider call, refund.claim.ts holdClaim, and finding it run out asks nothing).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const slowRefunds = async (ms: number) => expect((await h.api('POST', '/sandbox/refunds/slow', { body: { ms } })).status).toBe(204);
/** Server connections waiting for a lock on a payments row (the ledger lock). */
const waitingOnLedger = async () =>
  (
    await h.db.raw(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'select % from "payments" where % for update'`,
    )
  ).rows[0].n as number;

describe('a refund runner that waited on the database past its lease, and an admin retry meanwhile', () => {
  it('still makes the refund once at the provider', async () => {
    const w = await createWorkshop(h.db, { title: 'R22 lease', date: new Date(Date.now() + 5 * DAY) });
    const booked = await bookByCard(h, w.id, 'r22-lease');
    const reg = await h.db('workshop_registrations').where({ email: booked.email }).first();
    expect(reg).toMatchObject({ status: 'completed', amount: 9900 });

    // 1-2. The buyer cancels (half back) while Razorpay's refunds are briefly down: the first attempt fails.
    await refundsDown(3600);
    const cancel = await h.api('POST', `/api/booking/${booked.token}/cancel`, { body: { confirm: true } });
    expect(cancel.body).toEqual({ confirmed: true, refund_cents: 4950 });
    const refund = await h.db('refunds').where({ payment_id: booked.paymentId }).first();
    expect(refund).toMatchObject({ amount_cents: 4950, status: 'queued' });
    await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).last_error, 20_000, 20);

    // 3. A slow transaction holds the payment's ledger row; Razorpay answers again (its refund calls take 3 s).
    const holder = await h.db.transaction();
    let retry: ReturnType<typeof h.api> | undefined;
    try {
      await holder('payments').where({ provider: 'razorpay', payment_id: booked.paymentId }).forUpdate().first('id');
      await slowRefunds(3000);
      await refundsDown(0);

      // 4. The next attempt claims the refund and waits for the payment's row.
      await waitFor(async () => (await waitingOnLedger()) >= 1, 30_000, 50);
      expect((await h.db('refunds').where({ id: refund.id }).first('claim_id')).claim_id).not.toBeNull();

      // 5. Its lease runs out while it waits: five minutes of the database's clock, passed here
      //    by moving the lease's end to now (what the runner reads of it is the same).
      await h.db('refunds').where({ id: refund.id }).update({ claimed_until: h.db.raw("now() - interval '1 second'") });
      // The refund has been failing for five minutes: the admin presses Retry in Needs attention.
      retry = h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token });
      await waitFor(async () => (await waitingOnLedger()) >= 2, 20_000, 20);
    } finally {
      // 6. The slow transaction ends.
      await holder.commit();
    }
    expect((await retry)?.status).toBe(200);
    await refundsSettled(h);
    // Both runners' calls have had time to land.
    await new Promise((r) => setTimeout(r, 8000));
    await slowRefunds(0);

    const back = await refundedAtProvider(h, booked);
    const ledger = await h.db('payments').where({ payment_id: booked.paymentId }).first();
    // Promise: the cancellation gave back 49.50 in one refund and keeps 49.50.
    expect({ back, keptCents: ledger.kept_cents }).toEqual({ back: { cents: 4950, refunds: 1 }, keptCents: 4950 });
  }, 120_000);
});
