import type { RequestHandler } from 'express';
import type { Db } from '../db/knex';
import { setOutage, type SandboxOutage } from './sandbox.store';

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
