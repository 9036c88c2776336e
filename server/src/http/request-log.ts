import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

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
/** A path segment that is a link's secret (booking links: 32 random bytes, base64url). */
const SECRET_SEGMENT = /^[A-Za-z0-9_-]{43}$/;

/**
 * The URL as the log keeps it: whoever reads the logs must not be able to open a booking or reset
 * a password with what they find there.
 */
export function loggableUrl(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? ':secret' : segment))
    .join('/');
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAM.test(key)) params.set(key, '[redacted]');
  return `${safePath}?${params.toString()}`;
}
