import express, { Router } from 'express';
import type { Db } from '../db/knex';
import { checkoutScript } from './razorpay-checkout.script';
import { basicOk, orderJson, paymentJson, rzpError, rzpUnavailable, unauthorized, unknownId } from './razorpay.model';
import { razorpayPaymentsRouter } from './razorpay.payments';
import { razorpayPaymentSignature, SANDBOX_CREDENTIALS } from './sandbox.credentials';
import { unavailableDuring } from './sandbox.outage';
import { sandboxId } from './sandbox.store';

/** The payment each outcome of the checkout's pay call leaves behind (Razorpay's auto-capture, or manual capture). */
const PAYMENT_STATUS: Record<string, string> = { success: 'captured', authorize: 'authorized', fail: 'failed' };

/** The part of Razorpay's API the server calls, the checkout script, and the script's "pay" call. */
export function razorpaySandboxRouter(db: Db): Router {
  const r = Router();
  const json = express.json();
  const base = '/sandbox/razorpay';
  const api = unavailableDuring(db, 'api', rzpUnavailable);

  r.post(`${base}/v1/orders`, api, json, async (req, res) => {
    if (!basicOk(req)) return unauthorized(res);
    const { amount, currency, receipt, notes } = req.body ?? {};
    if (!Number.isInteger(amount) || amount < 100) return rzpError(res, 400, 'Order amount less than minimum amount allowed', 'amount');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return rzpError(res, 400, 'The currency field is invalid.', 'currency');
    const [row] = await db('provider_sandbox.razorpay_orders')
      .insert({ id: sandboxId('order_'), amount, currency, receipt: receipt ?? null, notes: JSON.stringify(notes ?? {}) })
      .returning('*');
    res.json(orderJson(row));
  });

  r.get(`${base}/v1/orders/:id`, api, async (req, res) => {
    if (!basicOk(req)) return unauthorized(res);
    const row = await db('provider_sandbox.razorpay_orders').where({ id: req.params.id }).first();
    if (!row) return unknownId(res);
    // Money once captured stays "paid" on the order even after a refund, as on Razorpay.
    const tally = await db('provider_sandbox.razorpay_payments')
      .where({ order_id: row.id })
      .first(db.raw(`COALESCE(SUM(amount) FILTER (WHERE status IN ('captured', 'refunded')), 0)::int AS paid`), db.raw('COUNT(*)::int AS attempts'));
    res.json(orderJson(row, tally?.paid ?? 0, tally?.attempts ?? 0));
  });

  r.get(`${base}/v1/orders/:id/payments`, api, async (req, res) => {
    if (!basicOk(req)) return unauthorized(res);
    const rows = await db('provider_sandbox.razorpay_payments').where({ order_id: req.params.id }).orderBy('created_at');
    res.json({ entity: 'collection', count: rows.length, items: rows.map(paymentJson) });
  });

  r.use(razorpayPaymentsRouter(db));

  // Buyer-facing: the checkout script and the payment it submits (what Razorpay's own modal does).
  // Neither goes down with the 'api' switch: a buyer can pay while the server cannot reach Razorpay.
  r.get(`${base}/checkout.js`, (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(checkoutScript());
  });

  // outcome: 'success' (captured at once), 'authorize' (authorized, left for the merchant to capture) or 'fail'.
  r.post(`${base}/pay`, json, async (req, res) => {
    const { key, order_id, email, contact, outcome } = req.body ?? {};
    if (key !== SANDBOX_CREDENTIALS.razorpayKeyId) return rzpError(res, 401, 'The api key provided is invalid');
    const order = await db('provider_sandbox.razorpay_orders').where({ id: String(order_id ?? '') }).first();
    if (!order) return rzpError(res, 400, 'The id provided does not exist', 'order_id');
    if (order.status === 'paid') return rzpError(res, 400, 'Order has already been paid');
    const status = PAYMENT_STATUS[typeof outcome === 'string' && Object.hasOwn(PAYMENT_STATUS, outcome) ? outcome : 'success'];
    const [payment] = await db('provider_sandbox.razorpay_payments')
      .insert({ id: sandboxId('pay_'), order_id: order.id, amount: order.amount, currency: order.currency, status, email: email ?? null, contact: contact ?? null })
      .returning('*');
    // Any attempt marks the order attempted; only captured money makes it paid.
    await db('provider_sandbox.razorpay_orders').where({ id: order.id }).update({ status: status === 'captured' ? 'paid' : 'attempted' });
    if (status === 'failed') return rzpError(res, 400, 'Your payment could not be completed. The card was declined by the bank.');
    res.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpayPaymentSignature(order.id, payment.id, SANDBOX_CREDENTIALS.razorpayKeySecret),
    });
  });

  return r;
}
