import { PRIVACY_MESSAGES, privacyConfirmInputSchema, privacyRequestInputSchema } from '@workshop/shared';
import type { Request } from 'express';
import { emailSender } from '../email/email.data';
import { createLimiters } from '../http/rate-limit';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { confirmPrivacy, requestPrivacy } from './privacy-requests.service';

/** A person's requests about their data (issue 27, point 2): ask, then confirm from the inbox. */
export const privacyRoutes: RouteModule = ({ db, config }) => {
  const sender = emailSender(config);
  const limiter = createLimiters(db);
  // Nobody floods an inbox with confirmation emails, from one address or many.
  const perEmail = limiter({
    name: 'privacy-request-email',
    max: 3,
    windowSeconds: 3600,
    message: 'Too many requests for this address. Please try again in an hour.',
    keyOf: (req: Request) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email.trim().toLowerCase() : '';
    },
  });
  return [
    {
      method: 'post',
      path: '/api/privacy/requests',
      access: 'form',
      handler: [
        perEmail,
        async (req, res) => {
          await requestPrivacy(db, sender, parse(privacyRequestInputSchema, req.body));
          res.status(202).json({ message: PRIVACY_MESSAGES.sent });
        },
      ],
    },
    {
      method: 'post',
      path: '/api/privacy/requests/confirm',
      access: 'lookup',
      handler: async (req, res) => {
        res.json(await confirmPrivacy(db, parse(privacyConfirmInputSchema, req.body).token));
      },
    },
  ];
};
