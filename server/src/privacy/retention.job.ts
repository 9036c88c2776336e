import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { scheduleClusterJob } from '../jobs/cluster-job';
import { runRetention } from './retention.service';

export const RETENTION_TASK = 'privacy_retention';
/** Once a day: periods are counted in years. */
export const RETENTION_INTERVAL_SECONDS = 24 * 3600;

/** Makes sure the cluster's one retention job exists (every instance calls this; the job key keeps it single). */
export function scheduleRetention(db: Knex, mode: 'replace' | 'preserve_run_at', inSeconds = RETENTION_INTERVAL_SECONDS): Promise<void> {
  return scheduleClusterJob(db, RETENTION_TASK, inSeconds, mode);
}

/** The durable job: one run, then it schedules the next, so it runs once a day however many instances run. */
export function retentionTask(db: Db, logger: Logger, intervalSeconds = RETENTION_INTERVAL_SECONDS): Task {
  return async () => {
    try {
      const done = await runRetention(db);
      logger.info({ done }, 'retention periods applied');
    } finally {
      await scheduleRetention(db, 'replace', intervalSeconds);
    }
  };
}
