import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { razorpayVerifySchema } from '@workshop/shared';
import type Razorpay from 'razorpay';
import { OrderNotFound, type PaymentProvider, type ProviderOrder, type ProviderPayment, RefundOutcomeUnknown, ReturnRejected, WebhookRejected } from '../payment-provider';

/** Constant-time comparison of two hex HMACs (the SDK's own helper uses ===). */
export function hmacMatches(secret: string, data: string | Buffer, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(data).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface RzpPayment {
  id: string;
  order_id: string;
  amount: number | string;
  currency: string;
  status: string;
  amount_refunded?: number | string;
}

interface RzpRefund {
  id: string;
  amount?: number | string;
  status?: string;
  notes?: Record<string, string> | unknown[];
}

const keyOf = (r: RzpRefund) => (!Array.isArray(r.notes) && typeof r.notes?.idempotency_key === 'string' ? r.notes.idempotency_key : null);

const STATUS: Record<string, ProviderPayment['status'] | undefined> = {
  authorized: 'authorized',
  captured: 'captured',
  refunded: 'refunded',
  failed: 'declined',
};

function toPayment(p: RzpPayment): ProviderPayment | undefined {
  const status = STATUS[p.status];
  return status && { id: p.id, status, amountCents: Number(p.amount), currency: p.currency, refundedCents: Number(p.amount_refunded ?? 0) };
}

/**
 * Whether Razorpay answered the call (the SDK rejects with its status code): anything else (the
 * SDK throws a TypeError when no response came) or a server error other than "unavailable" may
 * have been made at Razorpay all the same.
 */
const answered = (err: unknown) => {
  const status = (err as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && (status < 500 || status === 503);
};

/** Razorpay error bodies carry the reason in error.description. */
const description = (err: unknown) => String((err as { error?: { description?: string } })?.error?.description ?? (err as Error)?.message ?? err);

export function razorpayProvider(client: Razorpay, keys: { keyId: string; keySecret: string; webhookSecret?: string; scriptUrl: string }): PaymentProvider {
  const notFound = (err: unknown) => /does not exist/i.test(description(err));
  const readOrder = async (orderId: string): Promise<ProviderOrder> => {
    const { items } = (await client.orders.fetchPayments(orderId).catch((err) => Promise.reject(notFound(err) ? new OrderNotFound(orderId) : err))) as unknown as { items: RzpPayment[] };
    return { id: orderId, approved: false, payments: items.map(toPayment).filter((p): p is ProviderPayment => p !== undefined) };
  };
  /** Every refund of the payment, a page of 100 at a time: ours may sit behind many made by hand. */
  const allRefunds = async (paymentId: string): Promise<RzpRefund[]> => {
    const all: RzpRefund[] = [];
    for (let skip = 0; ; skip += 100) {
      const { items } = (await client.payments.fetchMultipleRefund(paymentId, { count: 100, skip })) as unknown as { items: RzpRefund[] };
      all.push(...items);
      if (items.length < 100) return all;
    }
  };
  // A refund the bank sent back (`failed`) moved no money: it is not the refund made under its key,
  // which is asked for again (and then found) under the same key.
  const findRefund = async (paymentId: string, key: string): Promise<RzpRefund | undefined> => (await allRefunds(paymentId)).find((r) => keyOf(r) === key && r.status !== 'failed');
  return {
    method: 'razorpay',

    async createOrder(req) {
      const order = await client.orders.create({
        amount: req.amountCents,
        currency: req.currency,
        receipt: `workshop_${Date.now()}`,
        notes: { registration_id: req.registrationId, access_id: req.accessId },
      });
      return { orderId: order.id, kind: 'script', keyId: keys.keyId, scriptUrl: keys.scriptUrl, amountCents: Number(order.amount), currency: order.currency };
    },

    readOrder,

    async orderReference(orderId) {
      try {
        const order = (await client.orders.fetch(orderId)) as unknown as { notes?: Record<string, string> | unknown[] };
        const ref = Array.isArray(order.notes) ? undefined : order.notes?.registration_id;
        return typeof ref === 'string' && ref ? ref : undefined;
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },

    async capture(order, _registrationId) {
      const authorized = order.payments.find((p) => p.status === 'authorized');
      if (!authorized) return order;
      try {
        await client.payments.capture(authorized.id, authorized.amountCents, authorized.currency);
      } catch (err) {
        if (!/already been captured/i.test(description(err))) throw err;
      }
      return readOrder(order.id);
    },

    refundsIdempotent: false,

    async findRefund(paymentId, key) {
      const found = await findRefund(paymentId, key);
      return found && { refundId: found.id, amountCents: found.amount === undefined ? undefined : Number(found.amount) };
    },

    async failedRefunds(paymentId) {
      return (await allRefunds(paymentId)).filter((r) => r.status === 'failed').map((r) => r.id);
    },

    async listRefunds({ paymentId }) {
      return (await allRefunds(paymentId)).filter((r) => r.status !== 'failed').map((r) => ({ id: r.id, amountCents: Number(r.amount ?? 0), key: keyOf(r) }));
    },

    async refund(req) {
      // Razorpay takes no idempotency key: the key travels in the refund's notes and is looked for first.
      const prior = await findRefund(req.paymentId, req.idempotencyKey);
      if (prior) return { refundId: prior.id };
      try {
        const r = (await client.payments.refund(req.paymentId, { amount: req.amountCents, notes: { idempotency_key: req.idempotencyKey, reason: req.note.slice(0, 250) } })) as unknown as RzpRefund;
        return { refundId: r.id };
      } catch (err) {
        // An earlier attempt whose answer was lost may have made it after all.
        const made = await findRefund(req.paymentId, req.idempotencyKey).catch(() => undefined);
        if (made) return { refundId: made.id };
        if (!answered(err)) throw new RefundOutcomeUnknown(`Razorpay did not answer the refund of ${req.paymentId} (${description(err)}): it may still be made`);
        throw err;
      }
    },

    checkReturn(input) {
      const parsed = razorpayVerifySchema.safeParse(input);
      if (!parsed.success) throw new ReturnRejected('incomplete Razorpay payment result');
      const v = parsed.data;
      if (!hmacMatches(keys.keySecret, `${v.razorpay_order_id}|${v.razorpay_payment_id}`, v.razorpay_signature)) throw new ReturnRejected('bad Razorpay signature');
      return { orderId: v.razorpay_order_id, paymentId: v.razorpay_payment_id };
    },

    async parseWebhook(raw, header) {
      if (!keys.webhookSecret || !hmacMatches(keys.webhookSecret, raw, header('x-razorpay-signature') ?? '')) throw new WebhookRejected('Invalid webhook signature');
      let event: { event?: unknown; payload?: { payment?: { entity?: { id?: string; order_id?: string } }; refund?: { entity?: { payment_id?: string } } } };
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new WebhookRejected('Invalid webhook body');
      }
      // Razorpay sends a unique id per event; a delivery without one is keyed by its bytes.
      const eventId = header('x-razorpay-event-id') ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
      const type = String(event?.event ?? '');
      const payment = event?.payload?.payment?.entity;
      const base = { eventId, type, payload: event };
      if (/^(payment\.(authorized|captured|failed)|order\.paid)$/.test(type) && payment?.order_id) return { ...base, kind: 'payment', orderId: payment.order_id, paymentId: payment.id };
      // Made, or sent back by the bank after Razorpay had accepted it: either way the payment's refunds are looked at afresh.
      if (type === 'refund.processed' || type === 'refund.failed') return { ...base, kind: 'refund', paymentId: event.payload?.refund?.entity?.payment_id };
      return { ...base, kind: 'other' };
    },
  };
}
