import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

/** 429 in the API's one error shape, with how long to wait. */
export function limiter(max: number, windowSeconds: number, message: string): RequestHandler {
  return rateLimit({
    windowMs: windowSeconds * 1000,
    limit: max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: { code: 'rate_limited', message } });
    },
  });
}
