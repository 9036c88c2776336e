import { createHash } from 'node:crypto';
import { razorpayVerifySchema } from '@workshop/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/knex';
import { BadRequestError } from '../../http/errors';
import type { RouteDef } from '../../http/route';
import { parse } from '../../http/validate';
import { markEventProcessed, recordEvent } from '../payment-events.queries';
import { findByOrder } from '../registration-payments.service';
import { hmacMatches, type RazorpayService } from './razorpay.service';

interface RzpWebhook {
  event: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string } };
    refund?: { entity?: { payment_id?: string } };
  };
}

export function razorpayRoutes(deps: { db: Db; logger: Logger; service: RazorpayService; webhookSecret?: string }): RouteDef[] {
  const { db, service, logger } = deps;
  return [
    {
      method: 'post',
      path: '/api/checkout/razorpay',
      access: 'form',
      handler: async (req, res) => {
        res.status(201).json(await service.startCheckout(req.body));
      },
    },
    {
      method: 'post',
      path: '/api/checkout/razorpay/verify',
      access: 'form',
      handler: async (req, res) => {
        res.json(await service.verify(parse(razorpayVerifySchema, req.body)));
      },
    },
    {
      method: 'post',
      path: '/api/webhooks/razorpay',
      access: 'public',
      rawBody: true,
      handler: async (req, res) => {
        const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.get('x-razorpay-signature') ?? '';
        if (!deps.webhookSecret || !hmacMatches(deps.webhookSecret, raw, signature)) throw new BadRequestError('Invalid webhook signature');
        let event: RzpWebhook;
        try {
          event = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new BadRequestError('Invalid webhook body');
        }
        // Razorpay sends a unique id per event; a delivery without one is keyed by its bytes.
        const eventId = req.get('x-razorpay-event-id') ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
        const recorded = await recordEvent(db, { provider: 'razorpay', eventId, type: String(event.event), payload: event });
        if (recorded.replay) return void res.json({ status: 'duplicate' });

        let outcome = 'ignored';
        let registrationId: string | null = null;
        const payment = event.payload?.payment?.entity;
        if ((event.event === 'payment.captured' || event.event === 'order.paid' || event.event === 'payment.authorized') && payment?.id && payment.order_id) {
          const reg = await findByOrder(db, 'razorpay', payment.order_id);
          if (reg) {
            registrationId = reg.id;
            outcome = await service.settlePayment(reg, payment.id);
          }
        } else if (event.event === 'refund.processed' && event.payload?.refund?.entity?.payment_id) {
          const reg = await db('workshop_registrations').where({ payment_method: 'razorpay', payment_id: event.payload.refund.entity.payment_id }).first('id');
          if (reg) {
            registrationId = reg.id;
            const changed = await db('workshop_registrations')
              .where({ id: reg.id, status: 'completed' })
              .update({ status: 'refunded', status_reason: 'refunded_at_provider', updated_at: db.fn.now() });
            outcome = changed ? 'refunded' : 'unchanged';
          }
        }
        await markEventProcessed(db, recorded.id, outcome, registrationId);
        logger.info({ eventId, type: event.event, outcome }, 'Razorpay webhook handled');
        res.json({ status: outcome });
      },
    },
  ];
}
