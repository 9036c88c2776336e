import { randomUUID } from 'node:crypto';
import { claimRefund } from '../../../src/payments/refunds/refund.claim';
import { refundRequest } from '../../../src/payments/refunds/refund.task';
import { REFUND_MAX_ATTEMPTS, scheduleRefundJob } from '../../../src/payments/refunds/refund.queue';
import { isDown, setOutage } from '../../../src/sandbox/sandbox.store';
import { SANDBOX_CREDENTIALS } from '../../../src/sandbox/sandbox.credentials';
import type { ApiClient, TestServer } from '../../support/test-server';
import type { Buyer, MoneyDriver } from './driver';

const toCents = (v: string | number) => Math.round(Number(v) * 100);
const RAZORPAY_BASIC = `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.razorpayKeyId}:${SANDBOX_CREDENTIALS.razorpayKeySecret}`).toString('base64')}`;

/**
 * What happens at the provider without the server's say-so: an admin refunding part or all of
 * a payment in the provider's dashboard (no key of ours; its webhook is queued like any other,
 * so it may arrive late, twice or never), and a refund runner that dies after the provider made
 * its refund but before it wrote anything down (the next runner must find that refund by its key).
 */
export class ProviderSideSteps {
  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly driver: MoneyDriver,
  ) {}

  /** The alerts an admin has already acted on. */
  private readonly actedOn = new Set<string>();

  private get db() {
    return this.server.deps.db;
  }

  /** The buyer's latest captured payment with something left to give back, booked or not. */
  private async lastPayment(b: Buyer): Promise<{ id: string; amount: number; refunded: number } | undefined> {
    if (!b.orders.length) return undefined;
    if (b.provider === 'paypal') {
      const rows = await this.db.raw(
        `SELECT o.capture_id AS id, o.amount, coalesce((SELECT sum(r.amount::numeric) FROM provider_sandbox.paypal_refunds r WHERE r.capture_id = o.capture_id), 0)::text AS refunded
           FROM provider_sandbox.paypal_orders o WHERE o.id = ANY(?) AND o.capture_id IS NOT NULL AND coalesce(o.capture_status, 'COMPLETED') = 'COMPLETED'`,
        [b.orders],
      );
      const last = rows.rows.at(-1);
      return last ? { id: last.id, amount: toCents(last.amount), refunded: toCents(last.refunded) } : undefined;
    }
    const p = await this.db('provider_sandbox.razorpay_payments').whereIn('order_id', b.orders).whereIn('status', ['captured', 'refunded']).orderBy('created_at', 'desc').first();
    return p ? { id: p.id, amount: p.amount, refunded: p.amount_refunded } : undefined;
  }

  /**
   * An admin gives back `share` of what is left of the buyer's payment (or exactly `cents` of it)
   * in the provider's dashboard; `told`: its webhook arrives at once, before anything else happens.
   */
  async handRefund(b: Buyer, share: 0.5 | 1, cents?: number, told = false): Promise<void> {
    const p = await this.lastPayment(b);
    if (!p || p.refunded >= p.amount) return;
    const made = await this.byHand(b.provider, p, Math.min(p.amount - p.refunded, cents ?? Math.max(1, Math.floor((p.amount - p.refunded) * share))));
    if (made && told) await this.driver.deliver(-1);
  }

  /** A refund in the provider's dashboard (no key of ours), its webhook queued like any other. Answers whether the provider made it. */
  private async byHand(provider: string, p: { id: string; amount: number; refunded: number }, cents: number): Promise<boolean> {
    let refundId: string;
    if (provider === 'paypal') {
      const res = await this.api('POST', `/sandbox/paypal/v2/payments/captures/${p.id}/refund`, {
        headers: { authorization: 'Bearer A21AA-sandbox-dashboard' },
        body: { amount: { value: (cents / 100).toFixed(2), currency_code: 'USD' } },
      });
      if (res.status !== 201) return false; // the provider is down, or refused: nothing was given back
      refundId = res.body.id;
      this.driver.queueWebhook('paypal', `WH-${randomUUID()}`, { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: refundId, links: [{ rel: 'up', href: `/v2/payments/captures/${p.id}`, method: 'GET' }] } });
    } else {
      const res = await this.api('POST', `/sandbox/razorpay/v1/payments/${p.id}/refund`, { headers: { authorization: RAZORPAY_BASIC }, body: { amount: cents } });
      if (res.status !== 200) return false;
      refundId = res.body.id;
      this.driver.queueWebhook('razorpay', `evt_${randomUUID()}`, { event: 'refund.processed', payload: { refund: { entity: { id: refundId, payment_id: p.id, amount: cents } } } });
    }
    const before = this.driver.run.hand.get(p.id) ?? { cents: 0, afterDecision: 0, fullByHand: false, beyond: 0 };
    const decision = this.driver.run.decisions.get(p.id);
    this.driver.run.kept.hand(p, cents, before.cents, decision?.refundCents ?? 0);
    const afterDecision = before.afterDecision + (decision ? cents : 0);
    // Past what the decision and the hand money so far could account for, as the provider stood when the admin gave it.
    const bound = before.cents - before.afterDecision + Math.max(decision?.refundCents ?? 0, afterDecision) + before.beyond;
    const beyond = decision ? Math.max(0, p.refunded + cents - bound) : 0;
    this.driver.run.hand.set(p.id, { cents: before.cents + cents, afterDecision, fullByHand: before.fullByHand || p.refunded + cents >= p.amount, beyond: before.beyond + beyond });
    return true;
  }

  /** What the provider captured of a payment and has given back of it so far. */
  private async payment(provider: string, id: string): Promise<{ id: string; amount: number; refunded: number } | undefined> {
    if (provider === 'paypal') {
      const rows = await this.db.raw(
        `SELECT o.capture_id AS id, o.amount, coalesce((SELECT sum(r.amount::numeric) FROM provider_sandbox.paypal_refunds r WHERE r.capture_id = o.capture_id), 0)::text AS refunded
           FROM provider_sandbox.paypal_orders o WHERE o.capture_id = ?`,
        [id],
      );
      const row = rows.rows[0];
      return row ? { id, amount: toCents(row.amount), refunded: toCents(row.refunded) } : undefined;
    }
    const p = await this.db('provider_sandbox.razorpay_payments').where({ id }).first();
    return p ? { id, amount: p.amount, refunded: p.amount_refunded } : undefined;
  }

  /**
   * An open refund of the case gives up (five days of a provider refusing it, in short: its
   * attempts are fast-forwarded and its last one is refused for lack of balance), and an admin does what
   * the "refund failed" alert asks: refunds by hand, in the provider's dashboard, the amount it
   * names (read from the alert itself; the case's admin address receives it). A last
   * attempt whose answer was lost is not given up on: then nothing happens here.
   */
  async refundGivesUp(): Promise<void> {
    const payments = await this.driver.casePaymentIds();
    if (!payments.length) return;
    const open = await this.db('refunds')
      .whereIn('payment_id', payments)
      .where({ status: 'queued' })
      .where((q) => q.whereNull('claimed_until').orWhere('claimed_until', '<=', this.db.fn.now()))
      .orderBy('created_at')
      .first('id');
    if (!open) return;
    await this.db('refunds').where({ id: open.id, status: 'queued' }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
    // Refused, not down: a provider that cannot list the payment's refunds is never given up on.
    await setOutage(this.db, 'balance', 3600);
    try {
      await scheduleRefundJob(this.db, open.id);
      for (let i = 0; i < 200; i++) {
        const r = await this.db('refunds').where({ id: open.id }).first('status', 'attempts', 'claim_id');
        if (r.status !== 'queued' || (r.attempts >= REFUND_MAX_ATTEMPTS && !r.claim_id)) break;
        await new Promise((done) => setTimeout(done, 50));
      }
    } finally {
      await setOutage(this.db, 'balance', 0);
    }
    await this.actOnRefundAlerts();
  }

  /**
   * What an admin does with the "refund failed" alerts of the case, whenever they came (a refund
   * may give up after the step that drove it gave up waiting, on a loaded machine): for each
   * refund, reads the latest alert about it and refunds by hand, in the provider's dashboard, the
   * amount it names (nothing when a later alert says hand refunds cover it). Each alert is read
   * once. Returns how many refunds were carried out by hand.
   */
  async actOnRefundAlerts(): Promise<number> {
    const payments = await this.driver.casePaymentIds();
    if (!payments.length) return 0;
    const alerts: { id: string; provider: string; payment_id: string; data: { amount?: number; details?: Record<string, string> } }[] = await this.db('email_messages as m')
      .joinRaw(`JOIN refunds r ON r.id::text = m.data->'details'->>'Refund ID'`)
      .where('m.kind', 'admin_refund_failed')
      // Only while the admin page shows the refund as failed: one an admin's retry carried out since needs nothing.
      .where('r.status', 'failed')
      .whereIn('r.payment_id', payments)
      .distinctOn('m.created_at', 'm.id')
      .orderBy([{ column: 'm.created_at' }, { column: 'm.id' }])
      .select('m.id', 'r.provider', 'r.payment_id', 'm.data');
    // A careful admin reads the latest alert about each refund: an earlier one it corrects is done with.
    const latest = new Map<string, (typeof alerts)[number]>();
    for (const a of alerts) {
      if (this.actedOn.has(a.id)) continue;
      this.actedOn.add(a.id);
      latest.set(a.data.details?.['Refund ID'] ?? a.payment_id, a);
    }
    let acted = 0;
    for (const { data, ...r } of latest.values()) {
      const p = await this.payment(r.provider, r.payment_id);
      const owed = Number(data?.amount ?? 0);
      if (!p || owed <= 0) continue;
      this.driver.run.gaveUp++;
      acted++;
      // The admin acts once the provider's dashboard works (an outage the case set goes on afterwards).
      const down = { refunds: await isDown(this.db, 'refunds'), providers: await isDown(this.db, 'api') };
      await setOutage(this.db, 'refunds', 0);
      await setOutage(this.db, 'api', 0);
      try {
        await this.byHand(r.provider, p, owed);
      } finally {
        if (down.refunds) await setOutage(this.db, 'refunds', 3600);
        if (down.providers) await setOutage(this.db, 'api', 3600);
      }
    }
    return acted;
  }

  /**
   * A runner claims an open refund of the case, the provider makes it with the refund's own key,
   * and the runner dies before it records anything: its lease runs out and the job comes back.
   */
  async runnerDies(): Promise<void> {
    const payments = await this.driver.casePaymentIds();
    if (!payments.length) return;
    const open = await this.db('refunds').whereIn('payment_id', payments).where({ status: 'queued' }).whereNull('outcome_unknown_at').orderBy('created_at').select('id');
    for (const { id } of open) {
      const r = await claimRefund(this.db, id);
      if (!r) continue;
      const provider = this.server.payments!.providers[r.provider];
      try {
        await provider?.refund(refundRequest(r, r.credited_cents));
      } catch {
        // An outage: the provider made nothing, and the runner dies all the same.
      }
      await this.db('refunds').where({ id: r.id, claim_id: r.claim_id }).update({ claimed_until: this.db.raw(`now() - interval '1 second'`) });
      await scheduleRefundJob(this.db, r.id);
      return;
    }
  }

  /**
   * The bank sends back the case's latest refund of ours that Razorpay made: the money is the
   * merchant's again and the buyer has nothing. Razorpay's `refund.failed` is queued like any other
   * webhook (late, twice, or never: the reconciler must then find it).
   */
  async refundSentBack(): Promise<void> {
    const payments = await this.driver.casePaymentIds();
    if (!payments.length) return;
    const made = await this.db('refunds').whereIn('payment_id', payments).where({ provider: 'razorpay', status: 'succeeded' }).where('provider_refund_id', 'like', 'rfnd_%').orderBy('completed_at', 'desc').first('provider_refund_id', 'payment_id');
    if (!made) return;
    const res = await this.api('POST', `/sandbox/razorpay/refunds/${made.provider_refund_id}/fail`);
    if (res.status !== 200) return;
    this.driver.queueWebhook('razorpay', `evt_${randomUUID()}`, { event: 'refund.failed', payload: { refund: { entity: { id: made.provider_refund_id, payment_id: made.payment_id, amount: res.body.amount, status: 'failed' } } } });
  }

  /**
   * A slow transaction holds every payment of the case (the ledger rows) longer than a refund
   * runner's lease: runners waiting for them outlive their claims (the database's clock passed
   * over five minutes, here by moving the leases' end to now), and an admin presses retry on every
   * open refund meanwhile. Only once every refund call in flight has had time to land (the
   * slowest provider answer, 3 s) are leases run out: a call is bounded well inside a lease.
   */
  async ledgerStall(): Promise<void> {
    const payments = await this.driver.casePaymentIds();
    if (!payments.length) return;
    const holder = await this.db.transaction();
    const retries: Promise<unknown>[] = [];
    try {
      await holder('payments').whereIn('payment_id', payments).forUpdate().select('id');
      await new Promise((r) => setTimeout(r, 4000));
      await this.db('refunds').whereIn('payment_id', payments).where({ status: 'queued' }).whereNotNull('claim_id').update({ claimed_until: this.db.raw(`now() - interval '1 second'`) });
      const open = await this.db('refunds').whereIn('payment_id', payments).whereNot('status', 'succeeded').pluck('id');
      for (const id of open) retries.push(this.api('POST', `/api/admin/attention/refunds/${id}/retry`, { token: this.driver.adminToken }));
      // The retries' runners claim the refunds whose leases ran out, and wait for the rows too.
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && (await this.waitingOnLedger()) < 2 * open.length) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await holder.commit();
    }
    // The stall over, the runners that waited go on: their calls land before the next step.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await this.driver.refundRunning())) await new Promise((r) => setTimeout(r, 50));
    for (const res of (await Promise.all(retries)) as { status: number; text: string }[]) if (res.status !== 409) this.driver.note('admin retry in a stall', res.status, res.text);
  }

  /** Server connections waiting for a payment's ledger row. */
  private async waitingOnLedger(): Promise<number> {
    const r = await this.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'select % from "payments" where % for update'`);
    return r.rows[0].n;
  }

}
