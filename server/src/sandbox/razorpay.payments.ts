import express, { Router } from 'express';
import type { Db } from '../db/knex';
import { slowedBy, unavailableDuring } from './sandbox.outage';
import { sandboxId } from './sandbox.store';
import {
  basicOk,
  paymentJson,
  refundJson,
  rzpError,
  rzpUnavailable,
  unauthorized,
  unknownId,
  wholeAmount,
  type RzpPaymentRow,
  type RzpRefundRow,
} from './razorpay.model';

type Refused = { refused: [description: string, field?: string] };
const refuse = (description: string, field?: string): Refused => ({ refused: [description, field] });

/** The refund's optional notes (an object of at most 15 keys) and receipt, as Razorpay validates them. */
function refundExtras(body: { notes?: unknown; receipt?: unknown }): Refused | { notes: Record<string, unknown>; receipt: string | null } {
  const { notes, receipt } = body;
  // Razorpay itself serialises empty notes as [], and accepts that back.
  const emptyArray = Array.isArray(notes) && notes.length === 0;
  if (notes != null && !emptyArray && (typeof notes !== 'object' || Array.isArray(notes))) return refuse('The notes field must be an object.', 'notes');
  const noted = notes && !emptyArray ? (notes as Record<string, unknown>) : {};
  if (Object.keys(noted).length > 15) return refuse('The notes may contain at most 15 keys.', 'notes');
  if (receipt != null && (typeof receipt !== 'string' || receipt.length > 40)) return refuse('The receipt must be a string of at most 40 characters.', 'receipt');
  return { notes: noted, receipt: (receipt as string | null | undefined) ?? null };
}

/** Payments as Razorpay keeps them: fetched, captured once authorized, refunded in one or several parts. */
export function razorpayPaymentsRouter(db: Db): Router {
  const r = Router();
  const json = express.json();
  const base = '/sandbox/razorpay/v1/payments';
  const api = unavailableDuring(db, 'api', rzpUnavailable);
  // Refund calls have their own switch, so the durable refund retry can be exercised alone.
  const refunds = unavailableDuring(db, 'refunds', rzpUnavailable);
  const balance = unavailableDuring(db, 'balance', (res) => rzpError(res, 400, 'Your account does not have enough balance to carry out the refund operation.'));

  r.get(`${base}/:id`, api, async (req, res) => {
    if (!basicOk(req)) return unauthorized(res);
    const row = await db('provider_sandbox.razorpay_payments').where({ id: req.params.id }).first();
    if (!row) return unknownId(res);
    res.json(paymentJson(row));
  });

  // What `payments.capture(id, amount, currency)` sends: {amount, currency}, both required to match the authorization.
  r.post(`${base}/:id/capture`, api, json, async (req, res) => {
    if (!basicOk(req)) return unauthorized(res);
    const { amount, currency } = (req.body ?? {}) as { amount?: unknown; currency?: unknown };
    const outcome = await db.transaction(async (trx): Promise<Refused | { payment: RzpPaymentRow }> => {
      const p: RzpPaymentRow | undefined = await trx('provider_sandbox.razorpay_payments').where({ id: req.params.id }).forUpdate().first();
      if (!p) return refuse('The id provided does not exist');
      if (p.status === 'captured' || p.status === 'refunded') return refuse('This payment has already been captured');
      if (p.status !== 'authorized') return refuse('Only payments which have been authorized and not yet captured can be captured');
      if (wholeAmount(amount) !== p.amount) return refuse('Capture amount must be equal to the amount authorized', 'amount');
      if (currency === undefined) return refuse('The currency field is required.', 'currency');
      if (currency !== p.currency) return refuse('Currency should be same as payment currency', 'currency');
      const [payment] = await trx('provider_sandbox.razorpay_payments').where({ id: p.id }).update({ status: 'captured' }).returning('*');
      await trx('provider_sandbox.razorpay_orders').where({ id: p.order_id }).update({ status: 'paid' });
      return { payment };
    });
    if ('refused' in outcome) return rzpError(res, 400, ...outcome.refused);
    res.json(paymentJson(outcome.payment));
  });

  r.post(`${base}/:id/refund`, refunds, balance, json, slowedBy(db, 'refunds'), async (req, res) => {
    if (!basicOk(req)) return unauthorized(res);
    const body = (req.body ?? {}) as { amount?: unknown; notes?: unknown; receipt?: unknown };
    const extras = refundExtras(body);
    if ('refused' in extras) return rzpError(res, 400, ...extras.refused);
    const outcome = await db.transaction(async (trx): Promise<Refused | { refund: RzpRefundRow; currency: string }> => {
      // The row lock keeps two partial refunds from both taking what is left.
      const p: RzpPaymentRow | undefined = await trx('provider_sandbox.razorpay_payments').where({ id: req.params.id }).forUpdate().first();
      if (!p) return refuse('The id provided does not exist');
      const remaining = p.amount - p.amount_refunded;
      if (p.status === 'refunded' || (p.status === 'captured' && remaining <= 0)) return refuse('The payment has been fully refunded already');
      if (p.status !== 'captured') return refuse('Only captured payments can be refunded. This payment is ' + p.status);
      const amount = body.amount === undefined ? remaining : wholeAmount(body.amount);
      if (amount === undefined || amount <= 0) return refuse('The amount must be an integer greater than zero.', 'amount');
      if (amount > remaining) return refuse('The refund amount provided is greater than amount captured', 'amount');
      const refunded = p.amount_refunded + amount;
      // A partly refunded payment stays captured; only the last refund makes it `refunded`.
      await trx('provider_sandbox.razorpay_payments')
        .where({ id: p.id })
        .update({ amount_refunded: refunded, status: refunded >= p.amount ? 'refunded' : 'captured' });
      const [refund] = await trx('provider_sandbox.razorpay_refunds')
        .insert({ id: sandboxId('rfnd_'), payment_id: p.id, amount, notes: JSON.stringify(extras.notes), receipt: extras.receipt })
        .returning('*');
      return { refund, currency: p.currency };
    });
    if ('refused' in outcome) return rzpError(res, 400, ...outcome.refused);
    res.json(refundJson(outcome.refund, outcome.currency));
  });

  // `payments.fetchMultipleRefund(id, {count, skip})`: newest first, as Razorpay lists them.
  r.get(`${base}/:id/refunds`, refunds, async (req, res) => {
    if (!basicOk(req)) return unauthorized(res);
    const p: RzpPaymentRow | undefined = await db('provider_sandbox.razorpay_payments').where({ id: req.params.id }).first();
    if (!p) return unknownId(res);
    const count = Math.min(Math.max(Number(req.query.count) || 10, 1), 100);
    const skip = Math.max(Number(req.query.skip) || 0, 0);
    const rows: RzpRefundRow[] = await db('provider_sandbox.razorpay_refunds')
      .where({ payment_id: p.id })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(count)
      .offset(skip);
    res.json({ entity: 'collection', count: rows.length, items: rows.map((row) => refundJson(row, p.currency)) });
  });

  // A refund Razorpay accepted (and answered) that the bank later sends back, as Razorpay's
  // `refund.failed` reports it: the money is the merchant's again and the payment may be refunded
  // again. The test sends the webhook, signed, as Razorpay would.
  r.post('/sandbox/razorpay/refunds/:id/fail', async (req, res) => {
    const failed = await db.transaction(async (trx) => {
      const refund: RzpRefundRow | undefined = await trx('provider_sandbox.razorpay_refunds').where({ id: req.params.id }).forUpdate().first();
      if (!refund || refund.status === 'failed') return refund;
      const p: RzpPaymentRow = await trx('provider_sandbox.razorpay_payments').where({ id: refund.payment_id }).forUpdate().first();
      await trx('provider_sandbox.razorpay_payments').where({ id: p.id }).update({ amount_refunded: p.amount_refunded - refund.amount, status: 'captured' });
      const [row] = await trx('provider_sandbox.razorpay_refunds').where({ id: refund.id }).update({ status: 'failed' }).returning('*');
      return row as RzpRefundRow;
    });
    if (!failed) return unknownId(res);
    res.json(refundJson(failed, 'USD'));
  });

  return r;
}
