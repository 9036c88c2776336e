import type { RequestHandler, Response } from 'express';
import type { Db } from '../db/knex';
import { delayMs, isDown, setDelay, setOutage, type SandboxDelay, type SandboxOutage } from './sandbox.store';

/** POST {seconds}: the service answers 503 for that long (0 ends an outage), for people and tests. */
export function outageSwitch(db: Db, what: SandboxOutage): RequestHandler {
  return async (req, res) => {
    const seconds = Number((req.body as { seconds?: unknown } | undefined)?.seconds);
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3600) {
      res.status(400).json({ error: { code: 'bad_request', message: 'seconds must be between 0 and 3600' } });
      return;
    }
    await setOutage(db, what, seconds);
    res.status(204).end();
  };
}

/**
 * Goes in front of a provider route that the `what` switch takes down. It runs before the
 * credentials check because a provider that is down answers every caller the same 503.
 */
export function unavailableDuring(db: Db, what: SandboxOutage, answer503: (res: Response) => void): RequestHandler {
  return async (_req, res, next) => {
    if (await isDown(db, what)) return answer503(res);
    next();
  };
}

/** POST {ms}: the calls `what` names take that long before they are answered (0 ends it), as a slow provider does. */
export function delaySwitch(db: Db, what: SandboxDelay): RequestHandler {
  return async (req, res) => {
    const ms = Number((req.body as { ms?: unknown } | undefined)?.ms);
    if (!Number.isInteger(ms) || ms < 0 || ms > 60_000) {
      res.status(400).json({ error: { code: 'bad_request', message: 'ms must be a whole number between 0 and 60000' } });
      return;
    }
    await setDelay(db, what, ms);
    res.status(204).end();
  };
}

/**
 * Goes in front of a refund (or mail send) route, after its body is read: the provider takes its
 * time before it makes the refund, so a second caller can arrive while the first is still waiting for its
 * answer; a caller that gave up meanwhile still gets its refund made, as at a real provider.
 */
export function slowedBy(db: Db, what: SandboxDelay): RequestHandler {
  return async (_req, _res, next) => {
    const ms = await delayMs(db, what);
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    next();
  };
}
