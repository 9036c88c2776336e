import express, { Router } from 'express';
import type { Db } from '../db/knex';
import { paypalCapturesRouter } from './paypal.captures';
import { bearerOk, loadOrder, NOT_FOUND, orderJson, paypalError, type PaypalFailure, serviceUnavailable, unauthorized, unprocessable } from './paypal.model';
import { SANDBOX_CREDENTIALS, verifyPaypalWebhookSignature } from './sandbox.credentials';
import { unavailableDuring } from './sandbox.outage';
import { sandboxId } from './sandbox.store';
import { approvalPage } from './sandbox.pages';

/** What each approval-page button makes the later capture do. */
const APPROVALS: Record<string, string> = { approve: 'COMPLETED', 'approve-pending': 'PENDING', decline: 'DECLINED' };

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

  // The rest of the server-to-server API goes down with the 'api' switch (the token endpoint and refunds do not).
  const api = unavailableDuring(db, 'api', serviceUnavailable);

  r.post('/sandbox/paypal/v2/checkout/orders', api, json, async (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
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

  r.get('/sandbox/paypal/v2/checkout/orders/:id', api, async (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
    const order = await loadOrder(db, String(req.params.id));
    if (!order) return paypalError(res, ...NOT_FOUND);
    res.json(orderJson(order));
  });

  // PATCH changes an order before capture (PayPal allows it); tests use it to tamper with the amount.
  r.patch('/sandbox/paypal/v2/checkout/orders/:id', api, json, async (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
    const ops: { op: string; path: string; value: { value?: string; currency_code?: string } }[] = Array.isArray(req.body) ? req.body : [];
    for (const op of ops) {
      if (op.op === 'replace' && /amount$/.test(op.path) && op.value?.value) {
        await db('provider_sandbox.paypal_orders').where({ id: req.params.id }).update({ amount: op.value.value, currency: op.value.currency_code ?? 'USD' });
      }
    }
    res.status(204).end();
  });

  r.post('/sandbox/paypal/v2/checkout/orders/:id/capture', api, json, async (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
    const requestId = req.get('paypal-request-id') ?? null;
    const failure = await db.transaction(async (trx): Promise<PaypalFailure | undefined> => {
      const order = await trx('provider_sandbox.paypal_orders').where({ id: req.params.id }).forUpdate().first();
      if (!order) return NOT_FOUND;
      if (order.status === 'COMPLETED') {
        if (requestId && order.capture_request_id === requestId) return undefined;
        return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
      }
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      if (order.capture_outcome === 'DECLINED') {
        return unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\u2019t be used for this payment.');
      }
      // A capture held for review still completes the order: PayPal answers 201 with the capture PENDING.
      await trx('provider_sandbox.paypal_orders')
        .where({ id: order.id })
        .update({
          status: 'COMPLETED',
          capture_id: sandboxId('CAP'),
          capture_request_id: requestId,
          capture_status: order.capture_outcome === 'PENDING' ? 'PENDING' : 'COMPLETED',
          captured_at: trx.fn.now(),
        });
      return undefined;
    });
    if (failure) return paypalError(res, ...failure);
    res.status(201).json(orderJson((await loadOrder(db, String(req.params.id)))!));
  });

  r.use(paypalCapturesRouter(db));

  r.post('/sandbox/paypal/v1/notifications/verify-webhook-signature', api, json, (req, res) => {
    if (!bearerOk(req)) return unauthorized(res);
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
    const captureOutcome = Object.hasOwn(APPROVALS, action) ? APPROVALS[action] : undefined;
    if (!captureOutcome) return void res.status(404).end();
    await db('provider_sandbox.paypal_orders')
      .where({ id: order.id })
      .whereIn('status', ['CREATED', 'PAYER_ACTION_REQUIRED'])
      .update({ status: 'APPROVED', capture_outcome: captureOutcome });
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
