import { Logger as WorkerLogger, run, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';

export interface JobRunnerOptions {
  connectionString: string;
  logger: Logger;
  /** Names the runner in the logs ('email-worker', 'money-worker'). */
  component: string;
  concurrency: number;
  pollIntervalMs?: number;
  taskList: TaskList;
}

/**
 * A graphile-worker runner over its own pool. A runner asks the queue only for jobs of the
 * tasks it knows, so two runners side by side have their own slots: jobs of one (slow email
 * sends) never wait behind those of the other (refunds). The pool is ours so that a connection
 * PostgreSQL drops (restart, failover, admin command) is logged and replaced instead of
 * crashing the process, and so stop() waits for it to close.
 */
export async function startJobRunner(opts: JobRunnerOptions): Promise<{ stop: () => Promise<void> }> {
  const log = opts.logger.child({ component: opts.component });
  const pool = new pg.Pool({ connectionString: opts.connectionString, max: opts.concurrency + 2 });
  const lost = (err: Error) => log.warn({ err: err.message }, `${opts.component}: database connection lost`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const runner = await run({
    pgPool: pool,
    concurrency: opts.concurrency,
    pollInterval: opts.pollIntervalMs ?? 1000,
    noHandleSignals: true,
    logger: new WorkerLogger(() => (level, message) => {
      if (level === 'error') log.error(message);
      else if (level === 'warning') log.warn(message);
      else log.debug(message);
    }),
    taskList: opts.taskList,
  });
  return {
    stop: async () => {
      await runner.stop();
      await pool.end();
    },
  };
}
