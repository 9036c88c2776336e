import type { RequestHandler } from 'express';
import type { Db } from '../db/knex';
import { MaintenanceError } from '../http/errors';
import { singleFlight } from '../http/single-flight';
import { readSetting } from '../settings/settings.queries';

/** Public writes answer 503 with the configured message while maintenance is on. */
export function refuseDuringMaintenance(db: Db): RequestHandler {
  const current = singleFlight(() => readSetting(db, 'site_maintenance'));
  return async (_req, _res, next) => {
    const m = await current();
    if (m.enabled) throw new MaintenanceError(m.message);
    next();
  };
}
