import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/knex';
import { countInBatches } from './rate-limit-batches';

/** The table every instance counts in (migrations/20261122160000-create-rate-limits.ts). */
export const RATE_LIMIT_TABLE = 'rate_limits';

export interface LimitSpec {
  /** Key prefix in the shared table: one per kind of limit. */
  name: string;
  max: number;
  windowSeconds: number;
  /** The 429's message. */
  message: string;
  /**
   * Which answers count against the limit. Unset: every request. Set: the request's point is
   * given back when the answer is not one of these (a successful sign-in costs nothing).
   */
  countsWhen?: (status: number) => boolean;
  /** What is counted: the client's address (unset), or something of the request (an email asked about), once the body is parsed. */
  keyOf?: (req: Request) => string;
}

/**
 * The client's address as the limits see it: `req.ip` (the socket, or the address the trusted
 * proxy reports when TRUST_PROXY is set). An IPv6 client is keyed by its /64, the block one
 * subscriber gets, so walking through addresses of one's own block buys nothing.
 */
export function clientKey(req: Request): string {
  const ip = (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const middle = ip.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...middle, ...right].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * Per-IP limits shared by every server instance through PostgreSQL (rate-limiter-flexible),
 * so N instances still allow one limit's worth. If PostgreSQL cannot be reached, each instance
 * falls back to counting in its own memory until it can: the request then meets the database
 * itself (and its 503), never an unlimited door.
 */
export function createLimiters(db: Db) {
  return function limiter(spec: LimitSpec): RequestHandler {
    const points = spec.max;
    const duration = spec.windowSeconds;
    const store = new RateLimiterPostgres({
      storeClient: db,
      storeType: 'knex',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      // Expired rows are deleted by the cluster's purge job, not by a timer in every instance.
      clearExpiredByTimeout: false,
      keyPrefix: spec.name,
      points,
      duration,
      // A client already over the limit is turned away from memory, without a query each time.
      inMemoryBlockOnConsumed: points + 1,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: spec.name, points, duration }),
    });
    const policy = `"${spec.name}";q=${points};w=${duration}`;
    const consume = countInBatches(store, points);

    return async (req, res, next) => {
      // An email asked about is counted by its hash: the shared table holds no one's address.
      const key = spec.keyOf ? createHash('sha256').update(spec.keyOf(req)).digest('base64url') : clientKey(req);
      let result: RateLimiterRes;
      try {
        result = await consume(key);
      } catch (rejected) {
        if (!(rejected instanceof RateLimiterRes)) return next(rejected);
        const wait = Math.max(1, Math.ceil(rejected.msBeforeNext / 1000));
        res.setHeader('RateLimit-Policy', policy);
        res.setHeader('RateLimit', `"${spec.name}";r=0;t=${wait}`);
        res.setHeader('Retry-After', String(wait));
        res.status(429).json({ error: { code: 'rate_limited', message: spec.message } });
        return;
      }
      res.setHeader('RateLimit-Policy', policy);
      res.setHeader('RateLimit', `"${spec.name}";r=${result.remainingPoints};t=${Math.max(0, Math.ceil(result.msBeforeNext / 1000))}`);
      if (spec.countsWhen) {
        const counts = spec.countsWhen;
        res.once('finish', () => {
          if (!counts(res.statusCode)) store.reward(key).catch(() => {});
        });
      }
      next();
    };
  };
}

export type Limiter = ReturnType<typeof createLimiters>;
