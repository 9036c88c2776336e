import type { Knex } from 'knex';

/**
 * Makes sure a cluster-wide periodic job exists: every instance calls this, the job key keeps
 * it single. `preserve_run_at` at start (do not postpone a due run), `replace` from the job itself.
 */
export async function scheduleClusterJob(db: Knex, task: string, inSeconds: number, mode: 'replace' | 'preserve_run_at'): Promise<void> {
  await db.raw(`SELECT graphile_worker.add_job(?, '{}'::json, run_at => now() + make_interval(secs => ?), job_key => ?, job_key_mode => ?, max_attempts => 1)`, [
    task,
    inSeconds,
    task,
    mode,
  ]);
}
