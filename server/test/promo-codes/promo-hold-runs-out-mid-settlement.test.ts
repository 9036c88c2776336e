import { describe, expect, it } from 'vitest';
import { buyer, createWorkshop, payInRazorpaySandbox, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from '../promo-codes/promo-helpers';

/**
 * Found by the eleventh review: a checkout that "holds its seat holds its code's use too" (promo-use.ts) is trusted without the
 * code row's lock, and "holds" is judged by now(), the START of the settling transaction. A code valid for
 * every workshop is shared across workshop locks: while the payment's settlement waits for its workshop's
 * row (any checkout, cancel or settlement of that workshop holds it), the hold runs out by the clock, a buyer
 * on ANOTHER workshop takes the code's last use (countCodeTaken sees the expired hold), and then the waiting
 * settlement still completes the first checkout as "holding": two discounted seats on a one-use code.
 */
const h = useTestServer({ admin: true });

describe('a one-use code valid for every workshop', () => {
  it('never sells more discounted seats than max_uses, even when a paid hold runs out while its settlement waits for its workshop', async () => {
    const w1 = await createWorkshop(h.db, { max_participants: 10 });
    const w2 = await createWorkshop(h.db, { max_participants: 10, title: 'Another workshop' });
    const code = await createCode(h, { code: 'ANYONCE', kind: 'fixed', value: 5000, max_uses: 1 });

    // Buyer A holds a seat of workshop 1 with the code, and pays in the card window.
    const a = buyer('promo-stale-a');
    const coA = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w1.id, ...a, promo_code: 'ANYONCE' } });
    expect(coA.status, coA.text).toBe(201);
    const paidA = await payInRazorpaySandbox(h.server, coA.body.order, coA.body.key_id);
    expect(paidA.status, paidA.text).toBe(200);

    // A's hold is about to run out (its fifteen minutes nearly over).
    await h.db('workshop_registrations').where({ email: a.email }).update({ hold_expires_at: h.db.raw(`now() + interval '2 seconds'`) });

    // Something else holds workshop 1's row for a few seconds (another buyer's checkout or cancel, under load).
    const busy = await h.db.transaction();
    await busy('workshops').where({ id: w1.id }).forNoKeyUpdate().first('id');
    let verifyA: Promise<{ status: number; text: string }> | undefined;
    try {
      // A's verify arrives while A still holds: its settlement starts and waits for workshop 1.
      verifyA = h.api('POST', '/api/checkout/razorpay/verify', { body: paidA.body });
      await waitFor(async () => {
        const r = await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%workshops%'`);
        return r.rows[0].n > 0;
      }, 5_000, 20);
      // A's hold runs out by the database's clock meanwhile.
      await waitFor(async () => (await h.db.raw(`SELECT hold_expires_at <= now() AS gone FROM workshop_registrations WHERE email = ?`, [a.email])).rows[0].gone, 5_000, 50);

      // Buyer B, on workshop 2, asks for the code's use, which the count now says is free.
      const b = buyer('promo-stale-b');
      const coB = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w2.id, ...b, promo_code: 'ANYONCE' } });
      await busy.commit();
      await verifyA;
      if (coB.status === 201) {
        const paidB = await payInRazorpaySandbox(h.server, coB.body.order, coB.body.key_id);
        await h.api('POST', '/api/checkout/razorpay/verify', { body: paidB.body });
      }
    } finally {
      if (!busy.isCompleted()) await busy.rollback();
    }

    const sold = await h.db('workshop_registrations').where({ promo_code_id: code.id, status: 'completed' }).select('email', 'amount', 'workshop_id');
    const listed = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { id: string }) => c.id === code.id);
    expect(sold.length, 'discounted seats sold on a one-use code').toBeLessThanOrEqual(1);
    expect(listed).toMatchObject({ uses: sold.length, max_uses: 1 });
    // Whoever did not get the use has all their money back.
    const refundedA = await h.db('workshop_registrations').where({ email: a.email }).first('status');
    if (refundedA.status !== 'completed') {
      await expect.poll(async () => (await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: paidA.body.razorpay_payment_id })).reduce((n, r) => n + r.amount, 0)).toBe(4900);
    }
  }, 60_000);
});
