import express, { type Request, type Response, Router } from 'express';
import type { Db } from '../db/knex';
import { checkoutScript } from './razorpay-checkout.script';
import { razorpayPaymentSignature, SANDBOX_CREDENTIALS } from './sandbox.credentials';
import { isDown, sandboxId } from './sandbox.store';

function rzpError(res: Response, status: number, description: string, field?: string) {
  res.status(status).json({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field } });
}

function basicOk(req: Request): boolean {
  const expected = 'Basic ' + Buffer.from(`${SANDBOX_CREDENTIALS.razorpayKeyId}:${SANDBOX_CREDENTIALS.razorpayKeySecret}`).toString('base64');
  return req.get('authorization') === expected;
}

const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

function orderJson(o: { id: string; amount: number; currency: string; receipt: string | null; notes: unknown; status: string; created_at: Date }, paid = 0) {
  return { id: o.id, entity: 'order', amount: o.amount, amount_paid: paid, amount_due: o.amount - paid, currency: o.currency, receipt: o.receipt, offer_id: null, status: o.status, attempts: paid ? 1 : 0, notes: o.notes, created_at: seconds(o.created_at) };
}

function paymentJson(p: { id: string; order_id: string; amount: number; currency: string; status: string; email: string | null; contact: string | null; amount_refunded: number; created_at: Date }) {
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    order_id: p.order_id,
    method: 'card',
    amount_refunded: p.amount_refunded,
    refund_status: p.amount_refunded ? 'full' : null,
    captured: p.status === 'captured' || p.status === 'refunded',
    email: p.email,
    contact: p.contact,
    error_code: p.status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
    created_at: seconds(p.created_at),
  };
}

/** The part of Razorpay's API the server calls, the checkout script, and the script's "pay" call. */
export function razorpaySandboxRouter(db: Db): Router {
  const r = Router();
  const json = express.json();
  const base = '/sandbox/razorpay';

  r.post(`${base}/v1/orders`, json, async (req, res) => {
    if (!basicOk(req)) return rzpError(res, 401, 'Authentication failed');
    const { amount, currency, receipt, notes } = req.body ?? {};
    if (!Number.isInteger(amount) || amount < 100) return rzpError(res, 400, 'Order amount less than minimum amount allowed', 'amount');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return rzpError(res, 400, 'The currency field is invalid.', 'currency');
    const [row] = await db('provider_sandbox.razorpay_orders')
      .insert({ id: sandboxId('order_'), amount, currency, receipt: receipt ?? null, notes: JSON.stringify(notes ?? {}) })
      .returning('*');
    res.json(orderJson(row));
  });

  r.get(`${base}/v1/orders/:id`, async (req, res) => {
    if (!basicOk(req)) return rzpError(res, 401, 'Authentication failed');
    const row = await db('provider_sandbox.razorpay_orders').where({ id: req.params.id }).first();
    if (!row) return rzpError(res, 400, 'The id provided does not exist');
    const paid = await db('provider_sandbox.razorpay_payments').where({ order_id: row.id, status: 'captured' }).sum('amount as s').first();
    res.json(orderJson(row, Number(paid?.s ?? 0)));
  });

  r.get(`${base}/v1/orders/:id/payments`, async (req, res) => {
    if (!basicOk(req)) return rzpError(res, 401, 'Authentication failed');
    const rows = await db('provider_sandbox.razorpay_payments').where({ order_id: req.params.id }).orderBy('created_at');
    res.json({ entity: 'collection', count: rows.length, items: rows.map(paymentJson) });
  });

  r.get(`${base}/v1/payments/:id`, async (req, res) => {
    if (!basicOk(req)) return rzpError(res, 401, 'Authentication failed');
    const row = await db('provider_sandbox.razorpay_payments').where({ id: req.params.id }).first();
    if (!row) return rzpError(res, 400, 'The id provided does not exist');
    res.json(paymentJson(row));
  });

  r.post(`${base}/v1/payments/:id/refund`, json, async (req, res) => {
    if (!basicOk(req)) return rzpError(res, 401, 'Authentication failed');
    if (await isDown(db, 'refunds')) return rzpError(res, 503, 'Service Unavailable (sandbox outage)');
    const refund = await db.transaction(async (trx) => {
      const p = await trx('provider_sandbox.razorpay_payments').where({ id: req.params.id }).forUpdate().first();
      if (!p || p.status !== 'captured') return undefined;
      const amount = Number.isInteger(req.body?.amount) ? req.body.amount : p.amount - p.amount_refunded;
      await trx('provider_sandbox.razorpay_payments').where({ id: p.id }).update({ status: 'refunded', amount_refunded: p.amount_refunded + amount });
      const [row] = await trx('provider_sandbox.razorpay_refunds').insert({ id: sandboxId('rfnd_'), payment_id: p.id, amount }).returning('*');
      return { ...row, currency: p.currency };
    });
    if (!refund) return rzpError(res, 400, 'The payment has been fully refunded already or is not captured');
    res.json({ id: refund.id, entity: 'refund', amount: refund.amount, currency: refund.currency, payment_id: refund.payment_id, status: 'processed', speed_processed: 'normal', created_at: seconds(refund.created_at) });
  });

  // Buyer-facing: the checkout script and the payment it submits (what Razorpay's own modal does).
  r.get(`${base}/checkout.js`, (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(checkoutScript());
  });

  r.post(`${base}/pay`, json, async (req, res) => {
    const { key, order_id, email, contact, outcome } = req.body ?? {};
    if (key !== SANDBOX_CREDENTIALS.razorpayKeyId) return rzpError(res, 401, 'The api key provided is invalid');
    const order = await db('provider_sandbox.razorpay_orders').where({ id: String(order_id ?? '') }).first();
    if (!order) return rzpError(res, 400, 'The id provided does not exist', 'order_id');
    if (order.status === 'paid') return rzpError(res, 400, 'Order has already been paid');
    const failed = outcome === 'fail';
    const [payment] = await db('provider_sandbox.razorpay_payments')
      .insert({ id: sandboxId('pay_'), order_id: order.id, amount: order.amount, currency: order.currency, status: failed ? 'failed' : 'captured', email: email ?? null, contact: contact ?? null })
      .returning('*');
    if (failed) return rzpError(res, 400, 'Your payment could not be completed. The card was declined by the bank.');
    await db('provider_sandbox.razorpay_orders').where({ id: order.id }).update({ status: 'paid' });
    res.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpayPaymentSignature(order.id, payment.id, SANDBOX_CREDENTIALS.razorpayKeySecret),
    });
  });

  return r;
}
