import type { Db } from '../../src/db/knex';
import { listSandboxEmails } from '../../src/sandbox/sandbox.store';
import { waitFor } from '../payments/payments-helpers';
import type { ApiClient, TestServer } from '../support/test-server';

export const person = (n: number | string) => ({ name: `Waiting ${n}`, email: `wait${n}@example.com`, phone: '9876543210' });

export async function join(api: ApiClient, workshopId: string, who: { name: string; email: string; phone: string }) {
  return api('POST', `/api/workshops/${workshopId}/waitlist`, { body: who });
}

export const offerEmails = async (server: TestServer, to: string) => (await listSandboxEmails(server.deps.db, to)).filter((e) => e.subject.startsWith('A seat is waiting for you'));

/** Waits for the n-th offer email to `to` and answers the token of its personal link. */
export async function offerToken(server: TestServer, to: string, n = 1): Promise<string> {
  const mails = await waitFor(async () => {
    const m = await offerEmails(server, to);
    return m.length >= n ? m : undefined;
  });
  const match = /waitlist_offer=([a-f0-9]{64})/.exec(mails[n - 1].text_body ?? '');
  if (!match) throw new Error(`no offer link in: ${mails[n - 1].text_body}`);
  return match[1];
}

/** Lets every queued waitlist offer job and email run now instead of at its scheduled time. */
export async function runJobsNow(db: Db): Promise<void> {
  await db.raw(
    `UPDATE graphile_worker._private_jobs SET run_at = now() WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier IN ('waitlist_offers', 'send_email')) AND locked_at IS NULL`,
  );
}

/** No waitlist offer job is waiting or running: what the line looks like now is settled. */
export async function jobsIdle(db: Db): Promise<void> {
  await waitFor(async () => {
    const r = await db.raw(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier IN ('waitlist_offers', 'send_email') AND j.run_at <= now() AND j.attempts < j.max_attempts`,
    );
    return r.rows[0].n === 0;
  });
}

export async function entry(db: Db, email: string) {
  return db('waitlist_entries').whereRaw('lower(email) = lower(?)', [email]).orderBy('created_at', 'desc').first();
}
