import { afterAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/knex';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';

/**
 * Review 13: a refund's last attempt gives up (refundGaveUp: status -> failed, alert naming
 * amount - credited) at the moment a hand refund's webhook is attributed (attributeHandRefunds).
 * refundGaveUp does not take the payment's ledger lock, and attributeHandRefunds reads the refund
 * rows without locking them and then writes with what it read: it read the refund as 'queued'
 * (claim already released), so after refundGaveUp committed it credits the 20.00 but sends no
 * corrected alert (it only re-alerts a row it read as 'failed'). The only alert names 60.00 while
 * 40.00 is owed; the admin doing what it says gives back 80.00 of a 60.00 partial refund.
 * The interleaving is forced with database locks held by the test (no product code changed).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '2000' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const owedIn = (text: string | null) => Math.round(Number(/Refund still owed: \$(\d+\.\d\d)/.exec(text ?? '')?.[1] ?? 'NaN') * 100);

let side: Knex | undefined;
afterAll(async () => side?.destroy());

/** Waits until a backend of the test database waits on a lock running a statement matching `like`. */
async function waitingOn(db: Knex, like: string, count = 1) {
  await waitFor(async () => {
    const r = await db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ?`, [like]);
    return r.rows[0].n >= count;
  }, 20_000, 20);
}

async function raceCase(handCents: number, priceCents = 9900) {
    const admin = `owner-r13-race-${handCents}@example.com`;
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: admin }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { price_usd_cents: priceCents });
    const b = await bookByPaypal(h, w.id, `r13-race-${handCents}`);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    side ??= createDb(h.server.testDb.url, 5);

    await refundsDown(600);
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 6000, reason: 'goodwill' } })).status).toBe(200);
    const refund = await waitFor(async () => {
      const r = await h.db('refunds').where({ payment_id: b.paymentId }).first();
      return r?.attempts >= 1 && !r.claim_id ? r : undefined;
    });
    await h.db('refunds').where({ id: refund.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${refund.id}`]);

    // T0 holds the ledger row: the last attempt waits in its look for hand money (it listed none).
    const t0 = await side!.transaction();
    await t0.raw(`SELECT id FROM payments WHERE provider = 'paypal' AND payment_id = ? FOR UPDATE`, [b.paymentId]);
    // The last attempt is woken as the admin's retry would wake it (the retry itself now waits for the ledger lock too).
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ?`, [`refund:${refund.id}`]);
    await waitingOn(side!, '%from "payments"%for update%');

    // An admin gives 20.00 back by hand at PayPal's dashboard meanwhile; its webhook is on its way.
    await refundsDown(0);
    const hand = await paypalDashboardRefund(h, b.paymentId, (handCents / 100).toFixed(2));
    await refundsDown(600);

    // T1 holds the job table: the give-up (after its claim is released) waits at its first statement.
    const t1 = await side!.transaction();
    await t1.raw(`LOCK TABLE graphile_worker._private_jobs IN ACCESS EXCLUSIVE MODE`);
    await t0.commit();
    await waitFor(async () => {
      const r = await side!('refunds').where({ id: refund.id }).first();
      return r.attempts >= REFUND_MAX_ATTEMPTS && !r.claim_id && r.last_error;
    }, 20_000, 20);
    await waitingOn(side!, '%_private_jobs%locked_at IS NULL%');

    // T2 holds the refund row: the give-up's UPDATE queues on it first, then the webhook's credit.
    const t2 = await side!.transaction();
    await t2.raw(`SELECT id FROM refunds WHERE id = ? FOR UPDATE`, [refund.id]);
    await t1.commit();
    await waitingOn(side!, '%update "refunds" set "status"%');
    const delivered = hand.webhook();
    // Before the fix the webhook's credit queued on the refund row behind the give-up; since the fix the
    // give-up holds the payment's ledger lock, so the webhook waits for it at its first step instead.
    await waitFor(async () => {
      const r = await side!.raw(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND (query ILIKE '%update "refunds" set "credited_cents"%' OR query ILIKE '%from "payments"%for update%')`,
      );
      return r.rows[0].n >= 1;
    }, 20_000, 20);
    await t2.commit();
    expect((await delivered).status).toBe(200);
    await refundsDown(0);

    await waitFor(async () => {
      const r = await h.db('refunds').where({ id: refund.id }).first();
      return r.status !== 'queued' ? r : undefined;
    });
    // Every alert queued so far is delivered before the admin reads them (a loaded machine sends late).
    await waitFor(async () => !(await h.db('email_messages').where({ to_email: admin }).whereNot({ status: 'sent' }).first('id')), 30_000, 50);
    const alerts = await waitFor(async () => {
      const m = (await sandboxEmails(h.server, admin)).filter((e) => /Refund still owed/.test(e.text_body ?? ''));
      return m.length ? m : undefined;
    });
    // An update (hand money found since) always follows the give-up's own alert: queued a moment apart,
    // the two are sent by two email workers at once and may reach the inbox either way round.
    const latest = alerts.filter((m) => m.text_body?.includes('Update:')).at(-1) ?? alerts[alerts.length - 1];

    // The admin does as the latest alert says.
    if (owedIn(latest.text_body) > 0) {
      const followed = await paypalDashboardRefund(h, b.paymentId, (owedIn(latest.text_body) / 100).toFixed(2));
      await followed.webhook();
    }
    await refundsSettled(h);
    // Time passes: the reconcile pass looks at the failed refund's payment again.
    await h.db('refunds').where({ id: refund.id }).update({ looked_at: null });
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 1000));
    const final = await h.db('refunds').where({ id: refund.id }).first('status', 'amount_cents', 'credited_cents');
    const atProvider = await refundedAtProvider(h, b);
    // The decision's 39.00 (or 140.00) is still kept: nothing went back on top of the 60.00.
    expect.soft(await h.db('payments').where({ payment_id: b.paymentId }).first('kept_cents'), 'kept by the decision').toEqual({ kept_cents: priceCents - 6000 });

    expect.soft(owedIn(latest.text_body), 'the latest alert names what is still owed').toBe(6000 - handCents);
    if (handCents >= 6000) expect.soft(final.status, 'fully given back by hand, the refund closes').toBe('succeeded');
    // Promise (c): refunded = captured - what the admin's partial refund kept.
    expect(atProvider.cents, 'refunded at PayPal').toBe(6000);
  }

describe('a refund giving up while a hand refund of its payment is being attributed', () => {
  it('is alerted with what it still owes (40.00 after 20.00 by hand), so doing as told gives back exactly the 60.00 decided', () => raceCase(2000), 120_000);
  it('given back in full by hand (60.00) at that moment: closes, and no alert asks for the 60.00 again', () => raceCase(6000, 20000), 120_000);
});
