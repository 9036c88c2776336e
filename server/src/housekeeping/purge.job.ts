import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { sessionIdleEnd } from '../auth/auth.queries';
import { ADMIN_EVENT_RETENTION } from '../events/registration-events';
import { RATE_LIMIT_TABLE } from '../http/rate-limit';
import { compactTallies } from '../registrations/registration-tallies';
import { scheduleClusterJob } from '../jobs/cluster-job';

export const PURGE_TASK = 'purge_expired';
/** Expired rows are harmless for a while (every read checks expiry); a quarter hour is plenty. */
export const PURGE_INTERVAL_SECONDS = 15 * 60;

/** Single-use secrets of admin sign-in that no longer open anything once expired (used ones expire too). */
const SIGN_IN_SECRETS = ['login_challenges', 'passkey_ceremonies', 'password_resets'] as const;

/**
 * Deletes what has expired: sessions past their expiry or unused for longer than the owners' idle
 * hours (so the table does not grow with every sign-in), the sign-in secrets past theirs (two-factor
 * challenges, passkey set-ups, reset links: their hashes are worth nothing kept), rate-limit
 * counters whose window ended, and admin events older than the replay window; and folds the
 * registration tallies' rows together (they grow with every registration change).
 */
export async function purgeExpired(db: Knex): Promise<{ sessions: number; signInSecrets: number; rateLimits: number; events: number; tallies: number }> {
  const sessions = await db('sessions')
    .where('expires_at', '<=', db.fn.now())
    .orWhereRaw(`${sessionIdleEnd('sessions')} <= now()`)
    .delete();
  let signInSecrets = 0;
  for (const table of SIGN_IN_SECRETS) signInSecrets += await db(table).where('expires_at', '<=', db.fn.now()).delete();
  const rateLimits = await db(RATE_LIMIT_TABLE).where('expire', '<=', Date.now()).delete();
  const events = await db('admin_events').whereRaw(`created_at < now() - ${ADMIN_EVENT_RETENTION}`).delete();
  const tallies = await compactTallies(db);
  return { sessions, signInSecrets, rateLimits, events, tallies };
}

/** Makes sure the cluster's one purge job exists (every instance calls this; the job key keeps it single). */
export function schedulePurge(db: Knex, mode: 'replace' | 'preserve_run_at', inSeconds = PURGE_INTERVAL_SECONDS): Promise<void> {
  return scheduleClusterJob(db, PURGE_TASK, inSeconds, mode);
}

/** The durable job: one purge, then it schedules the next, so it runs once per interval however many instances run. */
export function purgeTask(db: Knex, logger: Logger): Task {
  return async () => {
    try {
      const purged = await purgeExpired(db);
      if (purged.sessions || purged.signInSecrets || purged.rateLimits || purged.events) logger.info({ purged }, 'purged expired sessions, sign-in secrets, rate-limit counters and events');
    } finally {
      await schedulePurge(db, 'replace');
    }
  };
}
