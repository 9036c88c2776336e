import { passwordResetConfirmSchema, passwordResetRequestSchema, RESET_MESSAGES } from '@workshop/shared';
import type { Request } from 'express';
import { createLimiters } from '../http/rate-limit';
import type { RouteModule } from '../http/route';
import { siteOrigin } from './auth.hooks';
import { parse } from '../http/validate';
import { confirmReset, requestResetLater } from './password-reset.service';

/** A forgotten admin password (issue 24, point 5): ask for a link, then use it. */
export const passwordResetRoutes: RouteModule = ({ db, config, logger }) => {
  const limiter = createLimiters(db);
  const site = siteOrigin(config);
  // Per address and per email asked about, across every instance: nobody floods an admin's inbox, nor guesses links fast.
  const perIp = limiter({ name: 'password-reset-ip', max: 10, windowSeconds: 3600, message: RESET_MESSAGES.tooMany });
  const perEmail = limiter({ name: 'password-reset-email', max: 3, windowSeconds: 3600, message: RESET_MESSAGES.tooMany, keyOf: (req: Request) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email.trim().toLowerCase() : '';
    },
  });
  const confirmPerIp = limiter({ name: 'password-reset-confirm', max: 20, windowSeconds: 3600, message: RESET_MESSAGES.tooMany });
  return [
    {
      method: 'post',
      path: '/api/auth/password-reset',
      access: 'public',
      handler: [
        perIp,
        perEmail,
        async (req, res) => {
          const { email } = parse(passwordResetRequestSchema, req.body);
          // The same answer, at once, whether or not the address is an admin's: the work happens after.
          requestResetLater(db, logger, email, site);
          res.status(202).json({ message: RESET_MESSAGES.sent });
        },
      ],
    },
    {
      method: 'post',
      path: '/api/auth/password-reset/confirm',
      access: 'public',
      handler: [
        confirmPerIp,
        async (req, res) => {
          await confirmReset(db, parse(passwordResetConfirmSchema, req.body), site);
          res.status(204).end();
        },
      ],
    },
  ];
};
