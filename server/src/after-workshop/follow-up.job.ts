import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import type { EmailSender } from '../email/email.queue';
import { scheduleClusterJob } from '../jobs/cluster-job';
import { followUpEndedWorkshops } from './follow-up.service';

export const FOLLOW_UP_TASK = 'after_workshop_sweep';
/** A minute: the thank-you goes out within two of the scheduled end (issue 26, point 5). */
export const FOLLOW_UP_INTERVAL_SECONDS = 60;

export function scheduleFollowUp(db: Knex, mode: 'replace' | 'preserve_run_at', inSeconds = FOLLOW_UP_INTERVAL_SECONDS): Promise<void> {
  return scheduleClusterJob(db, FOLLOW_UP_TASK, inSeconds, mode);
}

/** The cluster's one sweep of ended workshops; then the next is planned, however many instances run. */
export function followUpTask(db: Db, sender: EmailSender, logger: Logger, intervalSeconds = FOLLOW_UP_INTERVAL_SECONDS): Task {
  return async () => {
    try {
      const queued = await followUpEndedWorkshops(db, sender, (workshopId, err) => logger.error({ workshopId, err }, 'could not send the thank-you for a workshop; trying again at the next sweep'));
      if (queued) logger.info({ queued }, 'thank-you emails queued for workshops that ended');
    } finally {
      await scheduleFollowUp(db, 'replace', intervalSeconds);
    }
  };
}
