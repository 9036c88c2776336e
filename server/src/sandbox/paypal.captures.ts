import express, { type Response, Router } from 'express';
import type { Db } from '../db/knex';
import { slowedBy, unavailableDuring } from './sandbox.outage';
import { sandboxId } from './sandbox.store';
import {
  bearerOk,
  captureJson,
  fromMinor,
  loadOrder,
  loadOrderByCapture,
  NOT_FOUND,
  paypalError,
  type PaypalFailure,
  refundedMinor,
  refundJson,
  type RefundRow,
  serviceUnavailable,
  toMinor,
  unauthorized,
  unprocessable,
} from './paypal.model';

interface RefundBody {
  amount?: { value?: unknown; currency_code?: unknown };
  note_to_payer?: unknown;
  custom_id?: unknown;
}

type ParsedRefund = { failure: PaypalFailure } | { value?: string; currency?: string; note: string | null; customId: string | null };

// PayPal's answer when the account cannot fund a refund: refused, not down.
const lowBalance = (res: Response) => paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_FAILED_INSUFFICIENT_FUNDS', 'Capture could not be refunded due to insufficient funds.');
const badRequest = (issue: string, description: string): PaypalFailure => [400, 'INVALID_REQUEST', issue, description];

/** What PayPal rejects as malformed (400) before it looks at the capture. */
function parseRefundBody(body: RefundBody | undefined): ParsedRefund {
  const note = body?.note_to_payer;
  if (note !== undefined && (typeof note !== 'string' || note.length > 255)) return { failure: badRequest('INVALID_PARAMETER_SYNTAX', 'note_to_payer must be a string of at most 255 characters.') };
  const custom = body?.custom_id;
  if (custom !== undefined && (typeof custom !== 'string' || !/^[A-Za-z0-9-_.,]{1,127}$/.test(custom))) {
    return { failure: badRequest('INVALID_PARAMETER_SYNTAX', 'custom_id must be 1 to 127 of A-Z a-z 0-9 - _ . ,') };
  }
  const customId = custom ?? null;
  const amount = body?.amount;
  if (amount === undefined) return { note: note ?? null, customId };
  if (typeof amount !== 'object' || amount === null || typeof amount.value !== 'string' || typeof amount.currency_code !== 'string') {
    return { failure: badRequest('MISSING_REQUIRED_PARAMETER', 'amount needs a value and a currency_code, both strings.') };
  }
  return { value: amount.value, currency: amount.currency_code, note: note ?? null, customId };
}

/**
 * Captures as PayPal keeps them: read, refunded (fully or in parts, idempotent per
 * PayPal-Request-Id), and a control that settles a PENDING capture the way PayPal does
 * later on its own (the sandbox sends no webhook for it).
 */
export function paypalCapturesRouter(db: Db): Router {
  const r = Router();
  const json = express.json();
  const base = '/sandbox/paypal';

  r.get(`${base}/v2/payments/captures/:id`, unavailableDuring(db, 'api', serviceUnavailable), async (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
    const order = await loadOrderByCapture(db, String(req.params.id));
    if (!order) return paypalError(res, ...NOT_FOUND);
    res.json(captureJson(order));
  });

  r.get(`${base}/v2/payments/refunds/:id`, unavailableDuring(db, 'api', serviceUnavailable), async (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
    const refund: RefundRow | undefined = await db('provider_sandbox.paypal_refunds').where({ id: String(req.params.id) }).first();
    if (!refund) return paypalError(res, ...NOT_FOUND);
    const before: RefundRow[] = await db('provider_sandbox.paypal_refunds')
      .where({ capture_id: refund.capture_id })
      .where((q) => q.where('created_at', '<', refund.created_at).orWhere((q2) => q2.where('created_at', refund.created_at).where('id', '<=', refund.id)));
    res.json(refundJson(refund, fromMinor(refundedMinor(before, refund.currency), refund.currency)));
  });

  // Refunds have their own switch, so the durable refund retry can be exercised alone.
  r.post(`${base}/v2/payments/captures/:id/refund`, unavailableDuring(db, 'refunds', serviceUnavailable), unavailableDuring(db, 'balance', lowBalance), json, slowedBy(db, 'refunds'), async (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
    const requestId = req.get('paypal-request-id') ?? null;
    const parsed = parseRefundBody(req.body as RefundBody | undefined);
    if ('failure' in parsed) return paypalError(res, ...parsed.failure);

    const outcome = await db.transaction(async (trx): Promise<{ failure: PaypalFailure } | { refund: RefundRow; total: number; currency: string }> => {
      // The lock serialises refunds of one capture: two partial refunds cannot both take the last of it.
      const order = await trx('provider_sandbox.paypal_orders').where({ capture_id: req.params.id }).forUpdate().first();
      if (!order) return { failure: NOT_FOUND };
      const refunds: RefundRow[] = await trx('provider_sandbox.paypal_refunds').where({ capture_id: order.capture_id }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
      const replayed = requestId ? refunds.findIndex((f) => f.request_id === requestId) : -1;
      if (replayed >= 0) return { refund: refunds[replayed], total: refundedMinor(refunds.slice(0, replayed + 1), order.currency), currency: order.currency };
      if (requestId && (await trx('provider_sandbox.paypal_refunds').where({ request_id: requestId }).first())) {
        return { failure: unprocessable('DUPLICATE_REQUEST_ID', 'The PayPal-Request-Id was already used for a refund of another capture.') };
      }

      const settled = order.capture_status ?? 'COMPLETED';
      if (settled === 'PENDING') return { failure: unprocessable('PENDING_CAPTURE', 'Cannot initiate a refund as the capture is pending.') };
      if (settled !== 'COMPLETED') return { failure: unprocessable('REFUND_NOT_ALLOWED', `A ${settled.toLowerCase()} capture cannot be refunded.`) };
      const remaining = (toMinor(order.amount, order.currency) ?? 0) - refundedMinor(refunds, order.currency);
      if (remaining <= 0) return { failure: unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.') };

      let amount = remaining;
      if (parsed.value !== undefined) {
        if (parsed.currency !== order.currency) return { failure: unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.') };
        const asked = toMinor(parsed.value, order.currency);
        if (asked === undefined) {
          return {
            failure: /^\d+\.\d+$/.test(parsed.value)
              ? unprocessable('DECIMAL_PRECISION', `The value of amount has too many decimal places for ${order.currency}.`)
              : badRequest('INVALID_PARAMETER_SYNTAX', 'amount.value must be a decimal number such as "10.00".'),
          };
        }
        if (asked === 0) return { failure: badRequest('INVALID_PARAMETER_VALUE', 'The refund amount must be greater than zero.') };
        if (asked > remaining) {
          return { failure: unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.') };
        }
        amount = asked;
      }
      const [refund] = await trx('provider_sandbox.paypal_refunds')
        .insert({ id: sandboxId('RF'), capture_id: order.capture_id, request_id: requestId, amount: fromMinor(amount, order.currency), currency: order.currency, note_to_payer: parsed.note, custom_id: parsed.customId })
        .returning('*');
      await trx('provider_sandbox.paypal_orders').where({ id: order.id }).update({ capture_updated_at: trx.fn.now() });
      return { refund, total: refundedMinor([...refunds, refund], order.currency), currency: order.currency };
    });
    if ('failure' in outcome) return paypalError(res, ...outcome.failure);
    res.status(201).json(refundJson(outcome.refund, fromMinor(outcome.total, outcome.currency)));
  });

  // Control, not PayPal API: what PayPal decides about a PENDING capture some time after the capture call.
  r.post(`${base}/captures/:captureId/settle`, json, async (req, res) => {
    const outcome = (req.body as { outcome?: unknown } | undefined)?.outcome;
    if (outcome !== 'COMPLETED' && outcome !== 'DECLINED') {
      return void res.status(400).json({ error: { code: 'bad_request', message: 'outcome must be COMPLETED or DECLINED' } });
    }
    const [settled] = await db('provider_sandbox.paypal_orders')
      .where({ capture_id: req.params.captureId, capture_status: 'PENDING' })
      .update({ capture_status: outcome, capture_updated_at: db.fn.now() })
      .returning('id');
    if (!settled) {
      const exists = await db('provider_sandbox.paypal_orders').where({ capture_id: req.params.captureId }).first('id');
      if (!exists) return void res.status(404).json({ error: { code: 'not_found', message: 'No capture with this id' } });
      return void res.status(409).json({ error: { code: 'not_pending', message: 'Only a PENDING capture can be settled' } });
    }
    res.json(captureJson((await loadOrder(db, settled.id))!));
  });

  return r;
}
