import type { RequestHandler, Response } from 'express';
import type { Db } from '../db/knex';
import { isDown, setOutage, type SandboxOutage } from './sandbox.store';

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
