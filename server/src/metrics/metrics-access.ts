import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export type MetricsAccess = 'allowed' | 'unauthorized' | 'hidden';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read GET /metrics: a caller on this machine talking to the server directly (the
 * socket's own peer address, never X-Forwarded-For: a request relayed by a proxy on this machine
 * is someone else's, so any proxy header disqualifies it), or, when METRICS_TOKEN is set, a
 * caller presenting it as a bearer token. Anyone else gets 401 when a token is configured
 * (so a scraper with a wrong token sees why) and 404 otherwise (the endpoint does not exist for them).
 */
export function metricsAccess(req: Pick<Request, 'headers' | 'socket'>, token: string | undefined): MetricsAccess {
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  if (!proxied && LOOPBACK.test(req.socket.remoteAddress ?? '')) return 'allowed';
  if (!token) return 'hidden';
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
  return sameSecret(given, token) ? 'allowed' : 'unauthorized';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
