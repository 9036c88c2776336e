import { EventWebhook, EventWebhookHeader } from '@sendgrid/eventwebhook';
import type { AppDeps, RouteDef } from '../http/route';
import { BadRequestError, ForbiddenError } from '../http/errors';
import { SANDBOX_CREDENTIALS } from '../sandbox/sandbox.credentials';
import { emailSender } from './email.data';
import { emailEventsSchema, recordEmailEvents } from './email-events';

/**
 * POST /api/webhooks/sendgrid: SendGrid's signed Event Webhook (Mail Settings → Event Webhook,
 * with "Signed Event Webhook" on; its verification key goes in SENDGRID_WEBHOOK_PUBLIC_KEY). With
 * the built-in sandbox (no SENDGRID_API_KEY) the sandbox's key is used; with a real SendGrid
 * account and no key the route does not exist, so nothing unsigned is ever believed. Signatures are
 * checked with SendGrid's own library over the exact bytes received. Replays change nothing
 * (email-events.ts), so no time window is needed beyond the signature.
 */
export function emailEventRoutes({ db, config }: AppDeps): RouteDef[] {
  const key = config.SENDGRID_WEBHOOK_PUBLIC_KEY ?? (config.SENDGRID_API_KEY ? undefined : SANDBOX_CREDENTIALS.sendgridEventPublicKey);
  if (!key) return [];
  const webhook = new EventWebhook();
  const publicKey = webhook.convertPublicKeyToECDSA(key);
  const sender = emailSender(config);
  return [
    {
      method: 'post',
      path: '/api/webhooks/sendgrid',
      access: 'callback',
      rawBody: true,
      handler: async (req, res) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.get(EventWebhookHeader.SIGNATURE()) ?? '';
        const timestamp = req.get(EventWebhookHeader.TIMESTAMP()) ?? '';
        let valid = false;
        try {
          valid = !!signature && !!timestamp && webhook.verifySignature(publicKey, body, signature, timestamp);
        } catch {
          // A signature that is not base64 DER at all.
        }
        // Not SendGrid's (or not as it sent it): refused, as issue 26 asks, and nothing is read.
        if (!valid) throw new ForbiddenError('Invalid webhook signature');
        const events = emailEventsSchema.safeParse(JSON.parse(body.toString('utf8') || 'null'));
        if (!events.success) throw new BadRequestError('Invalid webhook body');
        res.json({ received: true, ...(await recordEmailEvents(db, sender, events.data)) });
      },
    },
  ];
}
