import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import type { TaskList } from 'graphile-worker';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { startJobRunner } from '../jobs/job-runner';
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
  /** Other durable jobs that share this runner's slots: reminders, recovery, waitlist, housekeeping (never money). */
  extraTasks?: TaskList;
}

/** How long one send may take: a send that never ends would hold a slot of the email worker for good. */
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
 * Sends queued emails (and runs the other jobs that are not money: `extraTasks`). A failed send
 * throws, so graphile-worker retries it with backoff; our own email_messages row says whether it
 * already went out, so a job that runs twice (e.g. after a crash between send and commit) does
 * not send twice in the common case.
 */
export async function startEmailWorker(opts: EmailWorkerOptions): Promise<{ stop: () => Promise<void> }> {
  const mailer = createMailer(opts.sendgrid);
  const log = opts.logger.child({ component: 'email-worker' });
  return startJobRunner({
    connectionString: opts.connectionString,
    logger: opts.logger,
    component: 'email-worker',
    concurrency: opts.concurrency,
    pollIntervalMs: opts.pollIntervalMs,
    taskList: {
      ...opts.extraTasks,
      [SEND_EMAIL_TASK]: sendEmailTask({ db: opts.db, mailer, sender: opts.sender, logger: log }),
    },
  });
}
