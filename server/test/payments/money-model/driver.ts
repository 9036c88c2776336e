import { randomUUID } from 'node:crypto';
import { reconcilePass } from '../../../src/payments/reconcile.job';
import { hmacHex, SANDBOX_CREDENTIALS, signPaypalWebhook } from '../../../src/sandbox/sandbox.credentials';
import type { ApiClient, TestServer } from '../../support/test-server';
import { createWorkshop } from '../payments-helpers';
import { AfterSaleSteps } from './after-sale-steps';
import type { Buyer, CaseRun } from './case-run';
import { markReleased, observePromoCode } from './promo-sightings';
import { ByHandSteps } from './by-hand-steps';
import { KeptMoney } from './kept-money';
import { EmailSteps } from './email-steps';
import { PrivacySteps } from './privacy-steps';
import { OrganiserSteps } from './organiser-steps';
import { ProviderSideSteps } from './provider-side-steps';
import type { Promo, Provider, Scenario, Step } from './scenario';
import { WaitlistSteps } from './waitlist-steps';

export type { Buyer, CaseRun, Decision, HandRefunds } from './case-run';

interface Webhook {
  provider: Provider;
  raw: string;
  id: string;
}

/** Drives one scenario against the real server, provider sandbox and database. */
export class MoneyDriver {
  readonly buyers: Buyer[];
  readonly webhooks: Webhook[] = [];
  readonly run: CaseRun;

  private readonly waitlist: WaitlistSteps;
  private readonly afterSale: AfterSaleSteps;
  private readonly providerSide: ProviderSideSteps;
  private readonly organiser: OrganiserSteps;
  private readonly emails: EmailSteps;
  readonly byHand: ByHandSteps;

  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly scenario: Scenario,
    caseNo: number,
    workshopIds: string[],
    onceCodeId: string,
    limitedCodes: Map<string, number> = new Map(),
  ) {
    this.buyers = scenario.buyers.map((provider, i) => ({ provider, email: `model${caseNo}b${i}@example.com`, orders: [] }));
    this.run = {
      workshopId: workshopIds[0],
      workshopIds,
      orders: [],
      serverErrors: [],
      problems: [],
      capacityLowered: false,
      decisions: new Map(),
      onceCodeId,
      limitedCodes,
      keptSeats: new Map(),
      promoSightings: new Map(),
      hand: new Map(),
      gaveUp: 0,
      handAtCancel: new Map(),
      givenBack: new Map(),
      goodwill: new Map(),
      rescheduledAt: new Map(),
      byHand: new Map(),
      resends: { corrected: 0, resent: 0, refused: 0 },
      kept: new KeptMoney(),
    };
    this.waitlist = new WaitlistSteps(server, api, this);
    this.afterSale = new AfterSaleSteps(server, api, this);
    this.providerSide = new ProviderSideSteps(server, api, this);
    this.organiser = new OrganiserSteps(server, api, this);
    this.byHand = new ByHandSteps(server, api, this);
    this.emails = new EmailSteps(server, api, this);
  }

  static async start(server: TestServer, api: ApiClient, scenario: Scenario, caseNo: number): Promise<MoneyDriver> {
    const w = await createWorkshop(server.deps.db, { max_participants: scenario.seats, title: `Model case ${caseNo}` });
    const other = await createWorkshop(server.deps.db, { max_participants: scenario.otherSeats, title: `Model case ${caseNo}, the other date` });
    // The case's promo codes: half price for three seats, free, and a quarter off usable once.
    const codes = await server.deps.db('promo_codes')
      .insert([
        { code: `M${caseNo}-HALF`, kind: 'percent', value: 50, workshop_id: w.id, max_uses: 3 },
        { code: `M${caseNo}-FREE`, kind: 'percent', value: 100, workshop_id: w.id },
        { code: `M${caseNo}-ONCE`, kind: 'percent', value: 25, workshop_id: w.id, max_uses: 1 },
      ])
      .returning(['id', 'code', 'max_uses']);
    const once = codes.find((c: { code: string }) => c.code.endsWith('-ONCE'));
    const limited = new Map<string, number>(codes.filter((c: { max_uses: number | null }) => c.max_uses !== null).map((c: { id: string; max_uses: number }) => [c.id, c.max_uses]));
    const driver = new MoneyDriver(server, api, scenario, caseNo, [w.id, other.id], once.id, limited);
    driver.caseNo = caseNo;
    return driver;
  }

  /** Every payment the providers hold for the case's orders, whatever its state. */
  async casePaymentIds(): Promise<string[]> {
    const ids = this.run.orders.map((o) => o.id);
    const pp = await this.db('provider_sandbox.paypal_orders').whereIn('id', ids).whereNotNull('capture_id').pluck('capture_id');
    const rzp = await this.db('provider_sandbox.razorpay_payments').whereIn('order_id', ids).pluck('id');
    return [...pp, ...rzp];
  }

  /** After every step (and once the holds ran out when everything settles): see promo-sightings.ts. */
  observe(): Promise<void> {
    return observePromoCode(this.db, this.run.onceCodeId, this.run.promoSightings, this.run.problems);
  }

  private get db() {
    return this.server.deps.db;
  }

  note(what: string, status: number, text: string) {
    if (status >= 500 && !(status === 503 && text.includes('payment_failed'))) this.run.serverErrors.push(`${what}: ${status} ${text.slice(0, 200)}`);
  }

  async step(s: Step): Promise<void> {
    const b = 'b' in s ? this.buyers[s.b % this.buyers.length] : undefined;
    switch (s.do) {
      case 'checkout':
        return this.checkout(b!, { ...(s.promo ? { promo_code: this.promoCode(s.promo) } : {}), ...(s.seats ? { seats: s.seats, attendees: this.team(b!, s.seats) } : {}) });
      case 'pay':
        return this.pay(b!, s.how);
      case 'payOld':
        return this.pay(b!, 'ok', b!.orders.length ? b!.orders[s.k % b!.orders.length] : undefined);
      case 'return':
        return this.comeBack(b!);
      case 'webhook':
        return this.deliver(s.k);
      case 'settleCapture':
        return this.settleCapture(b!, s.outcome);
      case 'release':
        return this.release(b!);
      case 'reconcile':
        await reconcilePass(this.server.payments!, 3600);
        return;
      case 'expire':
        await this.db('workshop_registrations').where({ email: b!.email, status: 'pending' }).update({ hold_expires_at: this.db.raw(`now() - interval '1 second'`) });
        return;
      case 'clear': {
        const res = await this.api('DELETE', '/api/admin/registrations?confirm=true', { token: this.adminToken });
        this.note('clear', res.status, res.text);
        return;
      }
      case 'capacity': {
        // An admin never sets fewer seats than are already sold (the invariant is about what the system sells).
        const sold = Number((await this.db('workshop_registrations').where({ workshop_id: this.run.workshopId, status: 'completed' }).sum('seats as n').first())?.n ?? 0);
        const before = await this.db('workshops').where({ id: this.run.workshopId }).first('max_participants');
        if (Math.max(sold, s.seats) < before.max_participants) this.run.capacityLowered = true;
        await this.db('workshops').where({ id: this.run.workshopId }).update({ max_participants: Math.max(sold, s.seats) });
        return;
      }
      case 'refundOutage':
        await this.api('POST', '/sandbox/refunds/outage', { body: { seconds: s.on ? 3600 : 0 } });
        return;
      case 'providerOutage':
        await this.api('POST', '/sandbox/providers/outage', { body: { seconds: s.on ? 3600 : 0 } });
        return;
      case 'reschedule':
        return this.organiser.reschedule(s.days);
      case 'transfer':
        return this.organiser.transfer(b!, s.byAdmin ?? false);
      case 'goodwill':
      case 'adminCancel':
      case 'buyerCancel':
      case 'cancelSeat':
      case 'adminCancelSeat':
      case 'rename':
      case 'adminRetry':
      case 'slowRefunds':
      case 'move':
      case 'moveSeat':
      case 'cancelWhileMoved':
        return this.afterSale.step(s, b);
      case 'handRefund':
        return this.providerSide.handRefund(b!, s.share, s.cents, s.told);
      case 'runnerDies':
        return this.providerSide.runnerDies();
      case 'ledgerStall':
        return this.providerSide.ledgerStall();
      case 'refundGivesUp':
        return this.providerSide.refundGivesUp();
      case 'refundSentBack':
        return this.providerSide.refundSentBack();
      case 'cancelWorkshop':
        return this.organiser.cancelWorkshop();
      case 'addByHand':
        return this.byHand.add(b!, s.payment, s.asBuyer);
      case 'cancelByHand':
        return this.byHand.cancel(s.k, s.share);
      case 'editEmail':
        return this.byHand.edit(b!);
      case 'correctEmail':
      case 'resend':
        return this.emails.step(s, b);
      case 'erase':
        return new PrivacySteps(this.server, this.api, this).erase(b!, s.aged);
      case 'join':
      case 'claim':
      case 'expireOffer':
      case 'leave':
      case 'offers':
        return this.waitlist.step(s, b);
    }
  }

  adminToken = '';
  private caseNo = 0;

  private promoCode(p: Promo): string {
    return `M${this.caseNo}-${p.toUpperCase()}`;
  }

  /** A team of `seats` for this buyer (the buyer in the first seat), named uniquely per case. */
  private team(b: Buyer, seats: number) {
    return Array.from({ length: seats }, (_, i) => (i === 0 ? { name: 'Model Buyer', email: b.email } : { name: `Model Mate ${i}`, email: b.email.replace('@', `+mate${i}.${++this.mates}@`) }));
  }

  private mates = 0;

  /** Starts a checkout; with a waitlist offer's token, a promo code or a team of seats when `extra` carries one. */
  async checkout(b: Buyer, extra: Record<string, unknown> = {}) {
    const body = { workshop_id: this.run.workshopId, name: 'Model Buyer', email: b.email, phone: '9876543210', ...extra };
    // (A capture the provider is still completing is money on its way, not an unpaid checkout: it is not let go.)
    const earlier = await this.db('workshop_registrations').where({ workshop_id: this.run.workshopId, email: b.email, promo_code_id: this.run.onceCodeId }).whereIn('status', ['pending', 'failed']).whereRaw(`status_reason IS DISTINCT FROM 'capture_pending'`).pluck('id');
    const res = await this.api('POST', `/api/checkout/${b.provider}`, { body });
    this.note('checkout', res.status, res.text);
    if (res.status !== 201) return;
    // A new checkout lets the buyer's earlier unpaid ones go, expired or not: their code's uses are given back.
    for (const id of earlier) markReleased(this.run.promoSightings, id);
    // A promo code made it free: booked at once, no provider order to pay or come back from.
    if (res.body.status === 'completed') return;
    const order = b.provider === 'paypal' ? (new URL(res.body.approval_url).searchParams.get('token') as string) : (res.body.order.id as string);
    b.orders.push(order);
    b.back = { order };
    this.run.orders.push({ provider: b.provider, id: order });
  }

  private async pay(b: Buyer, how: 'ok' | 'pending' | 'authorize' | 'decline' | 'cancel', order = b.orders.at(-1)) {
    if (!order) return;
    if (b.provider === 'paypal') {
      const action = { ok: 'approve', pending: 'approve-pending', authorize: 'approve', decline: 'decline', cancel: 'cancel' }[how];
      const res = await fetch(`${this.server.url}/sandbox/paypal/checkoutnow/${order}/${action}`, { method: 'POST', redirect: 'manual' });
      if (res.status !== 303) return;
      b.back = { order, location: res.headers.get('location') ?? undefined };
      if (how !== 'cancel') this.queuePaypal('CHECKOUT.ORDER.APPROVED', { id: order });
      return;
    }
    const outcome = { ok: 'success', pending: 'success', authorize: 'authorize', decline: 'fail', cancel: undefined }[how];
    if (!outcome) return; // closing the card window is `release`
    const res = await this.api('POST', '/sandbox/razorpay/pay', { body: { key: SANDBOX_CREDENTIALS.razorpayKeyId, order_id: order, email: b.email, contact: '9876543210', outcome } });
    if (res.status !== 200) return;
    b.back = { order, signed: res.body };
    const event = outcome === 'authorize' ? 'payment.authorized' : 'payment.captured';
    this.queueRazorpay(event, res.body.razorpay_payment_id, order);
  }

  async comeBack(b: Buyer) {
    const back = b.back;
    if (!back) return;
    if (b.provider === 'paypal') {
      if (!back.location) return;
      const res = await fetch(new URL(back.location, this.server.url), { redirect: 'manual' });
      this.note('paypal return', res.status, await res.text());
      return;
    }
    if (!back.signed) return;
    const res = await this.api('POST', '/api/checkout/razorpay/verify', { body: back.signed });
    this.note('razorpay verify', res.status, res.text);
  }

  private async release(b: Buyer) {
    const order = b.orders.at(-1);
    if (!order) return;
    const res =
      b.provider === 'paypal'
        ? await this.api('GET', `/api/checkout/paypal/cancel?token=${order}`)
        : await this.api('POST', '/api/checkout/razorpay/release', { body: { order_id: order } });
    this.note('release', res.status, res.text);
    // The buyer let this checkout go (its hold may have run out first): its code's use is given back. Not so a checkout
    // the release found paid (completed) or with its money on its way (a capture PayPal is still completing: it stays pending).
    const reg = await this.db('workshop_registrations').where({ provider_order_id: order, promo_code_id: this.run.onceCodeId, status: 'failed' }).first('id');
    if (reg) markReleased(this.run.promoSightings, reg.id);
  }

  private async settleCapture(b: Buyer, outcome: 'COMPLETED' | 'DECLINED') {
    if (b.provider !== 'paypal') return;
    for (const order of b.orders) {
      const row = await this.db('provider_sandbox.paypal_orders').where({ id: order, capture_status: 'PENDING' }).first();
      if (!row) continue;
      await this.api('POST', `/sandbox/paypal/captures/${row.capture_id}/settle`, { body: { outcome } });
      this.queuePaypal(outcome === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', { id: row.capture_id, supplementary_data: { related_ids: { order_id: order } } });
    }
  }

  /** A provider message to be delivered by a `webhook` step or when everything settles (if webhooks arrive at all). */
  queueWebhook(provider: Provider, id: string, event: object) {
    this.webhooks.push({ provider, id, raw: JSON.stringify(provider === 'paypal' ? { id, ...event } : event) });
  }

  private queuePaypal(type: string, resource: object) {
    const id = `WH-${randomUUID()}`;
    this.webhooks.push({ provider: 'paypal', id, raw: JSON.stringify({ id, event_type: type, resource }) });
  }

  private queueRazorpay(type: string, paymentId: string, orderId: string) {
    const raw = JSON.stringify({ event: type, payload: { payment: { entity: { id: paymentId, order_id: orderId } } } });
    this.webhooks.push({ provider: 'razorpay', id: `evt_${randomUUID()}`, raw });
  }

  /** Delivers a queued webhook, in order, late or again (a duplicate keeps its event id); k below 0 counts back from the newest. */
  async deliver(k: number) {
    if (!this.webhooks.length) return;
    const w = this.webhooks.at(k % this.webhooks.length)!;
    const headers: Record<string, string> =
      w.provider === 'paypal'
        ? { 'content-type': 'application/json', ...signPaypalWebhook(w.raw, w.id) }
        : { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(SANDBOX_CREDENTIALS.razorpayWebhookSecret, w.raw), 'x-razorpay-event-id': w.id };
    const res = await this.api('POST', `/api/webhooks/${w.provider}`, { body: w.raw, headers });
    // A provider outage makes the webhook answer 5xx on purpose: the provider delivers it again later. A refund webhook
    // asks for the payment's refunds, which a refunds outage takes down too (Razorpay's refund list is a refunds call).
    if (res.status >= 500 && !(await this.providersDown())) this.note('webhook', res.status, res.text);
  }

  private async providersDown(): Promise<boolean> {
    const r = await this.db.raw(`SELECT bool_or((value #>> '{}')::timestamptz > now()) AS down FROM provider_sandbox.controls WHERE key IN ('api_down_until', 'refunds_down_until')`);
    return Boolean(r.rows[0]?.down);
  }

  /** What providers and time eventually do: outages end, pending captures settle, every webhook arrives, holds run out. */
  async settle(): Promise<void> {
    await this.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } });
    await this.api('POST', '/sandbox/providers/outage', { body: { seconds: 0 } });
    await this.api('POST', '/sandbox/refunds/slow', { body: { ms: 0 } });
    const mine = () => this.db('workshop_registrations').whereIn('workshop_id', this.run.workshopIds);
    // Twice: delivering an approval can make a capture PayPal holds for review, which then settles and sends its own webhook.
    for (let round = 0; round < 2; round++) {
      if (this.scenario.webhooksArrive) for (let k = 0; k < this.webhooks.length; k++) await this.deliver(k);
      await mine().where({ status: 'pending' }).update({ hold_expires_at: this.db.raw(`now() - interval '1 second'`), reconcile_after: null });
      // Seen run out: a capture PayPal is still completing keeps the price it was given, a late payer's.
      await this.observe();
      for (let pass = 0; pass < 2; pass++) {
        await mine().whereNotNull('reconcile_after').update({ reconcile_after: this.db.raw(`now() - interval '1 second'`) });
        // Refunds that gave up are looked at again at their provider now and then: time passes.
        await this.db('refunds').whereIn('payment_id', await this.casePaymentIds()).update({ looked_at: null });
        await reconcilePass(this.server.payments!, 3600);
      }
      for (const b of this.buyers) await this.settleCapture(b, 'COMPLETED');
    }
    await mine().whereNotNull('reconcile_after').update({ reconcile_after: this.db.raw(`now() - interval '1 second'`) });
    await this.db('refunds').whereIn('payment_id', await this.casePaymentIds()).update({ looked_at: null });
    await reconcilePass(this.server.payments!, 3600);
    await this.drainRefunds();
    // A refund that gave up after the step driving it stopped waiting (a loaded machine): its alert
    // reached the admin all the same, who acts on it; the providers' messages about that arrive too.
    if (await this.providerSide.actOnRefundAlerts()) {
      if (this.scenario.webhooksArrive) for (let k = 0; k < this.webhooks.length; k++) await this.deliver(k);
      await this.drainRefunds();
    }
  }

  /** A refund runner is at work now (its job is locked), whatever its refund's row says. */
  async refundRunning(): Promise<boolean> {
    const r = await this.db.raw(
      `SELECT 1 FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'refund_payment') AND locked_at IS NOT NULL LIMIT 1`,
    );
    return r.rows.length > 0;
  }

  /**
   * Runs owed refunds now instead of after their backoff, and waits until none is queued or being made. Time
   * passes too: a refund call whose answer was lost can no longer land, so the refund may be asked for again.
   */
  async drainRefunds() {
    const deadline = Date.now() + 20_000;
    let aged = false;
    for (;;) {
      if (!aged && (await this.db('refunds').whereNotNull('outcome_unknown_at').where({ status: 'queued' }).first('id'))) {
        // The quarantine passes only once every call the slowed provider was still working on has landed (it takes 3 s at most).
        await new Promise((r) => setTimeout(r, 3500));
        await this.db('refunds').whereNotNull('outcome_unknown_at').update({ outcome_unknown_at: this.db.raw(`now() - interval '1 day'`) });
        aged = true;
      }
      await this.db.raw(
        `UPDATE graphile_worker._private_jobs SET run_at = now() WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier IN ('refund_payment', 'send_email')) AND locked_at IS NULL AND attempts < max_attempts`,
      );
      const queued = await this.db('refunds').where({ status: 'queued' }).first('id');
      // A runner may still be at work on a refund another one already recorded (it outlived its lease): its call lands first.
      if (!queued && !(await this.refundRunning())) return;
      if (Date.now() > deadline) {
        const stuck = await this.db('refunds').where({ status: 'queued' }).select('id', 'payment_id', 'amount_cents', 'attempts', 'last_error', 'claimed_until', 'outcome_unknown_at');
        const jobs = await this.db.raw(`SELECT payload, attempts, max_attempts, run_at, locked_at, last_error FROM graphile_worker._private_jobs WHERE payload->>'refund_id' IS NOT NULL`);
        throw new Error(`refunds still queued 20 s after the providers came back: ${JSON.stringify(stuck)}; jobs ${JSON.stringify(jobs.rows)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
