import { paypalCheckoutSchema } from '@workshop/shared';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/knex';
import type { RouteDef } from '../../http/route';
import { parse } from '../../http/validate';
import { CHECKOUT_MESSAGES } from '../checkout-messages';
import { siteOrigin } from '../site-origin';
import type { PaypalClient } from './paypal.client';
import type { PaypalService, Settlement } from './paypal.service';
import { handlePaypalWebhook } from './paypal.webhook';

function failed(res: Response, message: string) {
  res.redirect(302, `/?payment=failed&message=${encodeURIComponent(message)}`);
}

/** Where the buyer's browser goes once the server has looked at the order. */
function redirectFor(res: Response, s: Settlement) {
  switch (s.kind) {
    case 'completed': {
      const r = s.registration;
      const q = new URLSearchParams({ payment: 'success', method: 'paypal', accessId: r.access_id, name: r.name, email: r.email });
      return res.redirect(302, `/thank-you?${q}`);
    }
    case 'refunded':
      return failed(res, CHECKOUT_MESSAGES.refundedFull);
    case 'failed':
    case 'waiting':
      return failed(res, s.message);
    case 'unknown':
      return failed(res, CHECKOUT_MESSAGES.unknownOrder);
  }
}

export function paypalRoutes(deps: { db: Db; config: Config; logger: Logger; client: PaypalClient; service: PaypalService; webhookId?: string }): RouteDef[] {
  const { service, config, logger } = deps;
  return [
    {
      method: 'post',
      path: '/api/checkout/paypal',
      access: 'form',
      handler: async (req, res) => {
        const input = parse(paypalCheckoutSchema, req.body);
        const approvalUrl = await service.startCheckout(input, siteOrigin(config, req));
        res.status(201).json({ approval_url: approvalUrl });
      },
    },
    {
      method: 'get',
      path: '/api/checkout/paypal/return',
      access: 'public',
      handler: async (req, res) => {
        const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 64) : '';
        if (!token) return failed(res, CHECKOUT_MESSAGES.unknownOrder);
        try {
          redirectFor(res, await service.captureAndSettle(token));
        } catch (err) {
          // The order stays as it is; the webhook or reconciliation finishes it later.
          logger.error({ err, orderId: token }, 'PayPal capture on return failed');
          failed(res, CHECKOUT_MESSAGES.providerUnavailable);
        }
      },
    },
    {
      method: 'get',
      path: '/api/checkout/paypal/cancel',
      access: 'public',
      handler: async (req, res) => {
        const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 64) : '';
        if (token) await service.cancel(token);
        res.redirect(302, '/?payment=cancelled');
      },
    },
    {
      method: 'post',
      path: '/api/webhooks/paypal',
      access: 'public',
      rawBody: true,
      handler: async (req, res) => {
        res.json(await handlePaypalWebhook({ ...deps }, req));
      },
    },
  ];
}
