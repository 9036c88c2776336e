import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { useTestServer } from '../support/test-server';
import { paypalDashboardRefund } from './booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox, payWithPaypal, waitFor } from './payments-helpers';

/**
 * Adversarial review of the money path. Every test here states what the README promises and
 * fails while the hole it describes is open. The scheduled reconcile job is kept out of the way
 * (long interval): the tests run passes themselves.
 */
const h = useTestServer({ admin: true, env: { RECONCILE_INTERVAL_SECONDS: '3600' } });
const ctx = () => h.server.payments!;
const regOf = (email: string) => h.db('workshop_registrations').where({ email }).first();

type CardCheckout = { key_id: string; order: { id: string; amount: number } };

async function cardCheckout(workshopId: string, who: ReturnType<typeof buyer>): Promise<CardCheckout> {
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  expect(co.status, co.text).toBe(201);
  return co.body;
}

async function payCard(co: CardCheckout): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }> {
  const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id, 'success');
  expect(paid.status, paid.text).toBe(200);
  return paid.body;
}

/** What became of one captured payment: the completed seats it bought (live or archived) and what was refunded or is owed. */
async function fateOf(paymentId: string) {
  const live = await h.db('workshop_registrations').where({ payment_id: paymentId, status: 'completed' });
  const archived = await h.db('workshop_registrations_archive').whereRaw(`record->>'payment_id' = ? AND record->>'status' = 'completed'`, [paymentId]);
  const owed = await h.db('refunds').where({ payment_id: paymentId });
  return { seats: live.length + archived.length, refundsOwed: owed.length };
}

/** Every due reconcile check runs now (as time passing would make it), twice. */
async function reconcileEverythingDue(interval = 3600) {
  for (let i = 0; i < 2; i++) {
    await h.db('workshop_registrations').whereNotNull('reconcile_after').update({ reconcile_after: h.db.raw(`now() - interval '1 second'`) });
    await reconcilePass(ctx(), interval);
  }
}

describe('clearing registrations', () => {
  it('does not drop a failed checkout the reconciler still watches: money paid on it without verify or webhook is settled', async () => {
    // README: "Failed checkouts with an order are looked at again for about three days, so money that
    // arrives without any webhook is still settled." and "Verified money ... is refunded (unattributed)".
    const w = await createWorkshop(h.db);
    const who = buyer('clear-late-watch');
    const co = await cardCheckout(w.id, who);
    // The buyer closes the card window: failed, with a late check scheduled (reconcile_after).
    expect((await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.order.id } })).body).toEqual({ status: 'released' });
    const failed = await regOf(who.email);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.reconcile_after).not.toBeNull();
    // The payment still goes through (Razorpay captures at once); the browser's verify and the webhook are lost.
    const paid = await payCard(co);
    // An admin clears the list: the failed row counts as "settled" and is archived and deleted.
    expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token })).status).toBe(200);
    // Time passes: every late check that is still scheduled runs.
    await reconcileEverythingDue();
    const fate = await fateOf(paid.razorpay_payment_id);
    // Captured money must end in a seat or a refund; here it ends in neither.
    expect(fate.seats + fate.refundsOwed, JSON.stringify(fate)).toBe(1);
  });

  it('archives every row it deletes, even one that completes while the clear is running', async () => {
    const w = await createWorkshop(h.db);
    // A settled row for the clear to archive (the buyer closed the window).
    const other = buyer('clear-race-other');
    const coOther = await cardCheckout(w.id, other);
    await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: coOther.order.id } });
    // Its late checks are over, so the clear archives it.
    await h.db('workshop_registrations').where({ email: other.email }).update({ reconcile_after: null });
    const x = await regOf(other.email);
    // A buyer who has paid; their verify is on its way.
    const who = buyer('clear-race-buyer');
    const co = await cardCheckout(w.id, who);
    const paid = await payCard(co);

    // Widen the window between the clear's INSERT … SELECT (archive) and its DELETE: another session is
    // writing an archive row with the same id, so the INSERT waits (as it would on a big table, or any lock).
    const blocker = await h.db.transaction();
    await blocker.raw(`INSERT INTO workshop_registrations_archive (id, record) VALUES (?, '{}'::jsonb)`, [x.id]);
    const clearing = h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
    await waitFor(async () => {
      const r = await h.db.raw(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%INSERT INTO workshop_registrations_archive%SELECT%'`,
      );
      return r.rows[0].n > 0;
    });
    // The archive statement has taken its snapshot (the buyer's row was pending then). The buyer's verify lands now.
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid });
    expect(verify.status, verify.text).toBe(200);
    await blocker.rollback();
    expect((await clearing).status).toBe(200);

    // The completed, paid registration was deleted by the DELETE (fresh snapshot) but never archived.
    const live = await regOf(who.email);
    const archived = await h.db('workshop_registrations_archive').whereRaw(`record->>'email' = ?`, [who.email]).first();
    // A replay of the buyer's verify (or any webhook for the order) now finds no registration and no archived sale.
    await h.api('POST', '/api/checkout/razorpay/verify', { body: paid });
    const refunds = await h.db('refunds').where({ payment_id: paid.razorpay_payment_id });
    expect({ keptLiveOrArchived: Boolean(live || archived), soldSeatRefunded: refunds.length }).toEqual({ keptLiveOrArchived: true, soldSeatRefunded: 0 });
  });
});

describe('a buyer who submits the checkout twice', () => {
  it('keeps watching the first order even when it is replaced before the provider answered', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('double-submit');
    // The provider is slow to create orders (another session holds its table), so both submits are in flight.
    const slow = await h.db.transaction();
    await slow.raw('LOCK TABLE provider_sandbox.razorpay_orders IN SHARE MODE');
    const first = h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    await waitFor(async () => (await h.db('workshop_registrations').where({ email: who.email })).length === 1);
    const second = h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    await waitFor(async () => (await h.db('workshop_registrations').where({ email: who.email })).length === 2);
    await slow.commit();
    const [r1, r2] = await Promise.all([first, second]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    const co1 = r1.body as CardCheckout;

    // The first tab pays its order; its verify and the webhook are lost.
    const paid = await payCard(co1);
    // Time passes: the second hold expires, every scheduled check runs.
    await h.db('workshop_registrations').where({ email: who.email, status: 'pending' }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    await reconcileEverythingDue();
    await reconcileEverythingDue();
    const row1 = await h.db('workshop_registrations').where({ provider_order_id: co1.order.id }).first();
    const fate = await fateOf(paid.razorpay_payment_id);
    expect(fate.seats + fate.refundsOwed, JSON.stringify({ fate, row1: { status: row1.status, reason: row1.status_reason, reconcile_after: row1.reconcile_after } })).toBe(1);
  });
});

describe('late checks of failed checkouts', () => {
  it('look for money for about three days with the default RECONCILE_INTERVAL_SECONDS (60), as the README says', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('late-window');
    const co = await cardCheckout(w.id, who);
    const row = await regOf(who.email);
    await h.db('workshop_registrations').where({ id: row.id }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    await reconcilePass(ctx(), 60);
    const gap = async () => {
      const r = await h.db.raw(`SELECT extract(epoch FROM reconcile_after - now())::float AS s FROM workshop_registrations WHERE id = ?`, [row.id]);
      return r.rows[0].s as number | null;
    };
    // Walk through the schedule the reconciler sets (default interval), adding up how long the row is watched.
    let watchedSeconds = (await gap()) ?? 0;
    for (let i = 0; i < 50; i++) {
      if ((await gap()) === null) break;
      await h.db('workshop_registrations').where({ id: row.id }).update({ reconcile_after: h.db.raw(`now() - interval '1 second'`) });
      await reconcilePass(ctx(), 60);
      watchedSeconds += (await gap()) ?? 0;
    }
    // The buyer's card window was left open; they pay three hours after the hold failed. No webhook, no verify.
    const paid = await payCard(co);
    await reconcileEverythingDue(60);
    const fate = await fateOf(paid.razorpay_payment_id);
    expect(fate.seats + fate.refundsOwed, `watched for ${Math.round(watchedSeconds / 60)} minutes after failing`).toBe(1);
  });
});

describe('a refund made at the provider dashboard', () => {
  it('does not take the seat of a buyer who got only part of the money back', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('partial-dashboard');
    const { orderId } = await payWithPaypal(h.server, w.id, who);
    const reg = await regOf(who.email);
    expect(reg).toMatchObject({ status: 'completed' });
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    // The merchant gives $10 back as a goodwill gesture, at PayPal.
    const refund = await paypalDashboardRefund(h, order.capture_id, '10.00');
    expect((await refund.webhook()).status).toBe(200);
    const after = await regOf(who.email);
    const refundedCents = (await h.db('provider_sandbox.paypal_refunds').where({ capture_id: order.capture_id })).reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
    // Either the seat stands (only part was given back) or the buyer gets all of it back.
    expect(after.status === 'completed' || refundedCents === 9900, JSON.stringify({ status: after.status, reason: after.status_reason, refundedCents })).toBe(true);
  });
});
