import express, { type Request, type Response, Router } from 'express';
import type { Db } from '../db/knex';
import { SANDBOX_CREDENTIALS, verifyPaypalWebhookSignature } from './sandbox.credentials';
import { isDown, sandboxId } from './sandbox.store';
import { approvalPage } from './sandbox.pages';

/** A PayPal REST error body, as the SDK parses it. */
function paypalError(res: Response, status: number, name: string, issue: string, description: string) {
  res.status(status).json({ name, message: description, debug_id: sandboxId('dbg'), details: [{ issue, description }] });
}

function bearerOk(req: Request): boolean {
  return /^Bearer A21AA-sandbox-/.test(req.get('authorization') ?? '');
}

interface OrderRow {
  id: string;
  status: string;
  amount: string;
  currency: string;
  reference_id: string | null;
  custom_id: string | null;
  description: string | null;
  return_url: string | null;
  cancel_url: string | null;
  capture_outcome: string;
  capture_id: string | null;
  created_at: Date;
  refunded?: boolean;
}

/** The order in PayPal's v2 JSON shape; the approval link is a path on whatever origin serves the sandbox. */
function orderJson(o: OrderRow) {
  const amount = { currency_code: o.currency, value: o.amount };
  const captures = o.capture_id
    ? [{ id: o.capture_id, status: o.refunded ? 'REFUNDED' : 'COMPLETED', amount, final_capture: true, create_time: new Date().toISOString() }]
    : undefined;
  return {
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    create_time: new Date(o.created_at).toISOString(),
    purchase_units: [
      {
        reference_id: o.reference_id ?? 'default',
        custom_id: o.custom_id ?? undefined,
        description: o.description ?? undefined,
        amount,
        ...(captures ? { payments: { captures } } : {}),
      },
    ],
    ...(o.status !== 'CREATED' && o.status !== 'PAYER_ACTION_REQUIRED' ? { payer: { email_address: 'buyer@sandbox.example', payer_id: 'SANDBOXPAYER' } } : {}),
    links: [
      { href: `/sandbox/paypal/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      { href: `/sandbox/paypal/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' },
    ],
  };
}

async function loadOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const row = await db('provider_sandbox.paypal_orders as o')
    .select('o.*', db.raw('EXISTS (SELECT 1 FROM provider_sandbox.paypal_refunds r WHERE r.capture_id = o.capture_id) AS refunded'))
    .where('o.id', id)
    .first();
  return row as OrderRow | undefined;
}

/** The part of PayPal's REST API the server calls, plus the buyer's approval page. */
export function paypalSandboxRouter(db: Db): Router {
  const r = Router();
  const json = express.json();
  const form = express.urlencoded({ extended: false });

  r.post('/sandbox/paypal/v1/oauth2/token', form, (req, res) => {
    const expected = 'Basic ' + Buffer.from(`${SANDBOX_CREDENTIALS.paypalClientId}:${SANDBOX_CREDENTIALS.paypalClientSecret}`).toString('base64');
    if (req.get('authorization') !== expected) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    res.json({ scope: 'https://uri.paypal.com/services/payments/payment', access_token: sandboxId('A21AA-sandbox-'), token_type: 'Bearer', app_id: 'APP-SANDBOX', expires_in: 32400, nonce: sandboxId('n') });
  });

  r.post('/sandbox/paypal/v2/checkout/orders', json, async (req, res) => {
    if (!bearerOk(req)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed due to invalid authentication credentials.');
    const requestId = req.get('paypal-request-id') ?? null;
    if (requestId) {
      const existing = await db('provider_sandbox.paypal_orders').where({ request_id: requestId }).first();
      if (existing) return void res.status(200).json(orderJson(existing));
    }
    const unit = req.body?.purchase_units?.[0];
    const ctx = req.body?.payment_source?.paypal?.experience_context ?? req.body?.application_context ?? {};
    if (!unit?.amount?.value || !unit?.amount?.currency_code) return paypalError(res, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'purchase_units[0].amount is required.');
    const [row] = await db('provider_sandbox.paypal_orders')
      .insert({
        id: sandboxId(''),
        request_id: requestId,
        status: req.body?.payment_source ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        amount: String(unit.amount.value),
        currency: String(unit.amount.currency_code),
        reference_id: unit.reference_id ?? null,
        custom_id: unit.custom_id ?? null,
        description: unit.description ?? null,
        return_url: ctx.return_url ?? null,
        cancel_url: ctx.cancel_url ?? null,
      })
      .returning('*');
    res.status(201).json(orderJson(row));
  });

  r.get('/sandbox/paypal/v2/checkout/orders/:id', async (req, res) => {
    if (!bearerOk(req)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed.');
    const order = await loadOrder(db, req.params.id);
    if (!order) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    res.json(orderJson(order));
  });

  // PATCH changes an order before capture (PayPal allows it); tests use it to tamper with the amount.
  r.patch('/sandbox/paypal/v2/checkout/orders/:id', json, async (req, res) => {
    if (!bearerOk(req)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed.');
    const ops: { op: string; path: string; value: { value?: string; currency_code?: string } }[] = Array.isArray(req.body) ? req.body : [];
    for (const op of ops) {
      if (op.op === 'replace' && /amount$/.test(op.path) && op.value?.value) {
        await db('provider_sandbox.paypal_orders').where({ id: req.params.id }).update({ amount: op.value.value, currency: op.value.currency_code ?? 'USD' });
      }
    }
    res.status(204).end();
  });

  r.post('/sandbox/paypal/v2/checkout/orders/:id/capture', json, async (req, res) => {
    if (!bearerOk(req)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed.');
    const requestId = req.get('paypal-request-id') ?? null;
    const outcome = await db.transaction(async (trx) => {
      const order = await trx('provider_sandbox.paypal_orders').where({ id: req.params.id }).forUpdate().first();
      if (!order) return { error: [404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.'] as const };
      if (order.status === 'COMPLETED') {
        if (requestId && order.capture_request_id === requestId) return { order };
        return { error: [422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.'] as const };
      }
      if (order.status !== 'APPROVED') return { error: [422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.'] as const };
      if (order.capture_outcome === 'DECLINED') {
        return { error: [422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\u2019t be used for this payment.'] as const };
      }
      const [done] = await trx('provider_sandbox.paypal_orders')
        .where({ id: order.id })
        .update({ status: 'COMPLETED', capture_id: sandboxId('CAP'), capture_request_id: requestId })
        .returning('*');
      return { order: done };
    });
    if ('error' in outcome && outcome.error) {
      const [status, name, issue, description] = outcome.error;
      return paypalError(res, status, name, issue, description);
    }
    res.status(201).json(orderJson(outcome.order));
  });

  r.get('/sandbox/paypal/v2/payments/captures/:id', async (req, res) => {
    if (!bearerOk(req)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed.');
    const row = await db('provider_sandbox.paypal_orders').where({ capture_id: req.params.id }).first('id');
    const order = row && (await loadOrder(db, row.id));
    if (!order) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    res.json(orderJson(order).purchase_units[0].payments?.captures[0]);
  });

  r.post('/sandbox/paypal/v2/payments/captures/:id/refund', json, async (req, res) => {
    if (!bearerOk(req)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed.');
    if (await isDown(db, 'refunds')) return paypalError(res, 503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service Unavailable (sandbox outage).');
    const requestId = req.get('paypal-request-id') ?? null;
    const order = await db('provider_sandbox.paypal_orders').where({ capture_id: req.params.id }).first();
    if (!order) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    const prior = await db('provider_sandbox.paypal_refunds').where({ capture_id: order.capture_id }).first();
    if (prior && !(requestId && prior.request_id === requestId)) {
      return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    }
    const refund =
      prior ??
      (await db('provider_sandbox.paypal_refunds')
        .insert({ id: sandboxId('RF'), capture_id: order.capture_id, request_id: requestId, amount: order.amount, currency: order.currency })
        .returning('*')
        .then((rows) => rows[0]));
    res.status(201).json({
      id: refund.id,
      status: 'COMPLETED',
      amount: { currency_code: refund.currency, value: refund.amount },
      links: [{ href: `/sandbox/paypal/v2/payments/captures/${order.capture_id}`, rel: 'up', method: 'GET' }],
    });
  });

  r.post('/sandbox/paypal/v1/notifications/verify-webhook-signature', json, (req, res) => {
    if (!bearerOk(req)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed.');
    const b = req.body ?? {};
    const ok =
      b.webhook_id === SANDBOX_CREDENTIALS.paypalWebhookId &&
      typeof b.transmission_sig === 'string' &&
      verifyPaypalWebhookSignature({
        transmissionId: String(b.transmission_id),
        transmissionTime: String(b.transmission_time),
        transmissionSig: b.transmission_sig,
        webhookId: String(b.webhook_id),
        rawBody: JSON.stringify(b.webhook_event ?? null),
      });
    res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  });

  // The buyer's side: approval page, then back to the merchant's return or cancel URL.
  r.get('/sandbox/paypal/checkoutnow', async (req, res) => {
    const order = await loadOrder(db, String(req.query.token ?? ''));
    if (!order) return void res.status(404).type('text/plain').send('Unknown PayPal order');
    res.type('html').send(approvalPage(order));
  });

  r.post('/sandbox/paypal/checkoutnow/:id/:action', form, async (req, res) => {
    const order = await db('provider_sandbox.paypal_orders').where({ id: req.params.id }).first();
    if (!order) return void res.status(404).type('text/plain').send('Unknown PayPal order');
    const action = req.params.action;
    if (action === 'cancel') return void res.redirect(303, withToken(order.cancel_url, order.id));
    if (action !== 'approve' && action !== 'decline') return void res.status(404).end();
    await db('provider_sandbox.paypal_orders')
      .where({ id: order.id })
      .whereIn('status', ['CREATED', 'PAYER_ACTION_REQUIRED'])
      .update({ status: 'APPROVED', capture_outcome: action === 'decline' ? 'DECLINED' : 'COMPLETED' });
    res.redirect(303, withToken(order.return_url, order.id, 'SANDBOXPAYER'));
  });

  return r;
}

function withToken(url: string | null, token: string, payerId?: string): string {
  const u = new URL(url ?? '/', 'http://placeholder.invalid');
  u.searchParams.set('token', token);
  if (payerId) u.searchParams.set('PayerID', payerId);
  return u.origin === 'http://placeholder.invalid' ? u.pathname + u.search : u.toString();
}
