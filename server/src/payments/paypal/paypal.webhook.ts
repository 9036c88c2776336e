import type { Request } from 'express';
import type { Logger } from 'pino';
import type { Db } from '../../db/knex';
import { BadRequestError } from '../../http/errors';
import { markEventProcessed, recordEvent } from '../payment-events.queries';
import { findByOrder, markFailed, REASONS } from '../registration-payments.service';
import type { PaypalClient } from './paypal.client';
import type { PaypalService } from './paypal.service';

interface PaypalEvent {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    status?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel: string; href: string }[];
  };
}

/** Asks PayPal whether PayPal sent this delivery: neither SDK verifies webhooks. */
async function verifySignature(client: PaypalClient, webhookId: string, req: Request, event: unknown): Promise<boolean> {
  const h = (name: string) => req.get(name) ?? '';
  const res = await fetch(`${client.apiBase}/v1/notifications/verify-webhook-signature`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await client.accessToken()}` },
    body: JSON.stringify({
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
      webhook_id: webhookId,
      webhook_event: event,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`PayPal verify-webhook-signature answered ${res.status}`);
  const body = (await res.json()) as { verification_status?: string };
  return body.verification_status === 'SUCCESS';
}

/**
 * POST /api/webhooks/paypal. Nothing in the body is trusted before PayPal confirms the
 * signature; even then, money is checked by asking PayPal for the order, not by the payload.
 */
export async function handlePaypalWebhook(
  deps: { db: Db; client: PaypalClient; service: PaypalService; webhookId?: string; logger: Logger },
  req: Request,
): Promise<{ status: string }> {
  if (!deps.webhookId) throw new BadRequestError('PayPal webhooks are not configured (PAYPAL_WEBHOOK_ID).');
  const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  let event: PaypalEvent;
  try {
    event = JSON.parse(raw);
  } catch {
    throw new BadRequestError('Invalid webhook body');
  }
  if (!req.get('paypal-transmission-sig') || !(await verifySignature(deps.client, deps.webhookId, req, event))) {
    throw new BadRequestError('Invalid webhook signature');
  }
  if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') throw new BadRequestError('Invalid webhook event');
  const recorded = await recordEvent(deps.db, { provider: 'paypal', eventId: event.id, type: event.event_type, payload: event });
  if (recorded.replay) return { status: 'duplicate' };

  const r = event.resource ?? {};
  let outcome = 'ignored';
  let registrationId: string | null = null;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
    case 'CHECKOUT.ORDER.COMPLETED': {
      // The buyer approved but may never come back: capture now (idempotent with the return URL).
      const settled = r.id ? await deps.service.captureAndSettle(r.id) : { kind: 'unknown' as const };
      outcome = settled.kind;
      if (settled.kind !== 'unknown') registrationId = settled.registration.id;
      break;
    }
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const orderId = r.supplementary_data?.related_ids?.order_id;
      const reg = orderId ? await findByOrder(deps.db, 'paypal', orderId) : undefined;
      if (reg && orderId) {
        const order = (await deps.client.orders.getOrder({ id: orderId })).result;
        outcome = (await deps.service.settleCapturedOrder(reg, order)).kind;
        registrationId = reg.id;
      }
      break;
    }
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const orderId = r.supplementary_data?.related_ids?.order_id;
      const reg = orderId ? await findByOrder(deps.db, 'paypal', orderId) : undefined;
      if (reg) {
        outcome = (await markFailed(deps.db, reg.id, REASONS.declined, { revive: true })) ? 'failed' : 'unchanged';
        registrationId = reg.id;
      }
      break;
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      // A refund made outside this server (PayPal dashboard): the seat is no longer paid for.
      const captureId = r.links?.find((l) => l.rel === 'up')?.href.split('/').pop();
      const reg = captureId ? await deps.db('workshop_registrations').where({ payment_method: 'paypal', payment_id: captureId }).first('id', 'status') : undefined;
      if (reg) {
        registrationId = reg.id;
        const changed = await deps.db('workshop_registrations')
          .where({ id: reg.id, status: 'completed' })
          .update({ status: 'refunded', status_reason: 'refunded_at_provider', updated_at: deps.db.fn.now() });
        outcome = changed ? 'refunded' : 'unchanged';
      }
      break;
    }
  }
  await markEventProcessed(deps.db, recorded.id, outcome, registrationId);
  deps.logger.info({ eventId: event.id, type: event.event_type, outcome }, 'PayPal webhook handled');
  return { status: outcome };
}
