import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isPlainId, SECRET_ID } from '../logger';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the caller's X-Request-Id (a load balancer's) or a new uuid. */
    id: string;
    /** The app logger bound to this request's id; made on first use. */
    log: Logger;
  }
}

/**
 * One JSON line per request: { req: {id, method, url}, res: {statusCode}, responseTime }.
 * Written by hand rather than with pino-http, whose per-request child loggers serialize the
 * whole request up front: on the public list that was a tenth of the server's CPU.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = (req.get('x-request-id') ?? '').slice(0, 100) || randomUUID();
    const start = process.hrtime.bigint();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (child ??= logger.child({ reqId: id })) });
    if (req.url === '/api/health') return next();

    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const status = res.writableFinished ? res.statusCode : 499;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const responseTime = Number(process.hrtime.bigint() - start) / 1e6;
      logger[level]({ req: { id, method: req.method, url: loggableUrl(req.originalUrl) }, res: { statusCode: status }, responseTime }, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

/** Query parameters that carry a secret (reset, recovery, waitlist and unsubscribe links). */
const SECRET_PARAM = /token|recover|offer|secret|key|code/i;
/** Query parameters that carry a person (the thank-you page's name and address, an admin's search, PayPal's payer): issue 27, point 4. */
const PERSON_PARAM = /^(q|name|email|phone|payerid)$/i;
/**
 * The parameters the site and the API read. Any other parameter is a caller's invention (a probe,
 * a fuzzer, a mistyped link) and may hold anything, a person included, so only their number is kept.
 */
const KNOWN_PARAM = /^(page|pagesize|status|workshop|workshop_id|from|to|payment|accessid|method|message|kind|size|stream|count|skip|tz|utm_[a-z]+)$/i;
/** A value kept as it is: short, plain, with no address and no run of digits that could be a phone number. */
const PLAIN_VALUE = /^(?!.*\d{8})[A-Za-z0-9_.:/+-]{0,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The URL as the log keeps it: whoever reads the logs must not be able to open a booking or reset
 * a password with what they find there, nor learn who booked or was searched for. What is kept is
 * chosen (known parameters, plain values), not what is removed, so an unforeseen URL leaks nothing.
 */
export function loggableUrl(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path.split('/').map(loggableSegment).join('/');
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  let others = 0;
  for (const [key, value] of params) {
    if (SECRET_PARAM.test(key) || PERSON_PARAM.test(key)) kept.append(key, '[redacted]');
    else if (KNOWN_PARAM.test(key)) kept.append(key, PLAIN_VALUE.test(value) ? value : '[redacted]');
    else others += 1;
  }
  if (others > 0) kept.append('other_params', String(others));
  return `${safePath}?${kept.toString()}`;
}

function loggableSegment(segment: string): string {
  if (UUID.test(segment)) return segment;
  if (SECRET_ID.test(segment)) return ':secret';
  // An id, a slug, a file name stays; anything else (an address, a phone number) is replaced.
  return segment === '' || isPlainId(segment) ? segment : ':redacted';
}
