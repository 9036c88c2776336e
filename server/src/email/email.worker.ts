import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import { Logger as WorkerLogger, run, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { sendEmailTask } from './email.send.task';
import { SEND_EMAIL_TASK, type EmailSender } from './email.queue';

export interface EmailWorkerOptions {
  db: Db;
  connectionString: string;
  logger: Logger;
  sender: EmailSender;
  sendgrid: { apiKey: string; baseUrl?: string };
  concurrency: number;
  pollIntervalMs?: number;
  /** Other durable jobs that share this queue and its pool (the payments' refund retries). */
  extraTasks?: TaskList;
}

/** How long one send may take: the worker's slots also make refunds and settle payments. */
export const SENDGRID_TIMEOUT_MS = 30_000;

/**
 * @sendgrid/mail against SendGrid or the sandbox: setApiKey first (it resets the base URL), then
 * the base URL. Its HTTP client waits forever by default: a provider that accepts connections and
 * never answers would hold every worker slot, and with them the refunds, until a restart.
 */
export function createMailer(sendgrid: { apiKey: string; baseUrl?: string; timeoutMs?: number }): MailService {
  const client = new Client();
  client.setApiKey(sendgrid.apiKey);
  if (sendgrid.baseUrl) client.setDefaultRequest('baseUrl', sendgrid.baseUrl);
  // Passed to axios as is; the SDK's request type does not list it.
  client.setDefaultRequest({ timeout: sendgrid.timeoutMs ?? SENDGRID_TIMEOUT_MS } as unknown as Parameters<Client['setDefaultRequest']>[0]);
  const mail = new MailService();
  mail.setClient(client);
  return mail;
}

/**
 * Sends queued emails. A failed send throws, so graphile-worker retries it with backoff;
 * our own email_messages row says whether it already went out, so a job that runs twice
 * (e.g. after a crash between send and commit) does not send twice in the common case.
 */
export async function startEmailWorker(opts: EmailWorkerOptions): Promise<{ stop: () => Promise<void> }> {
  const mailer = createMailer(opts.sendgrid);
  const log = opts.logger.child({ component: 'email-worker' });
  // Our own pool, so a connection PostgreSQL drops (restart, failover, admin command) is
  // logged and replaced instead of crashing the process, and so stop() waits for it to close.
  const pool = new pg.Pool({ connectionString: opts.connectionString, max: opts.concurrency + 2 });
  const lost = (err: Error) => log.warn({ err: err.message }, 'email worker: database connection lost');
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
    taskList: {
      ...opts.extraTasks,
      [SEND_EMAIL_TASK]: sendEmailTask({ db: opts.db, mailer, sender: opts.sender, logger: log }),
    },
  });
  return {
    stop: async () => {
      await runner.stop();
      await pool.end();
    },
  };
}
