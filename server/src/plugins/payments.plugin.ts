import { FOLLOW_UP_TASK, followUpTask, scheduleFollowUp } from '../after-workshop/follow-up.job';
import { RETENTION_TASK, retentionTask, scheduleRetention } from '../privacy/retention.job';
import { emailSender } from '../email/email.data';
import type { EmailSender } from '../email/email.queue';
import { startEmailWorker } from '../email/email.worker';
import { PURGE_TASK, purgeTask } from '../housekeeping/purge.job';
import { INVOICE_SWEEP_TASK, invoiceSweepTask, scheduleInvoiceSweep } from '../invoices/invoice-sweep.job';
import { startJobRunner } from '../jobs/job-runner';
import { checkoutRoutes } from '../payments/checkout.routes';
import type { PaymentsContext } from '../payments/payments.context';
import { buildProviders } from '../payments/providers.build';
import { resolveProviders } from '../payments/providers.config';
import { RECONCILE_TASK, reconcileTask, scheduleReconcile } from '../payments/reconcile.job';
import { REFUND_TASK } from '../payments/refunds/refund.queue';
import { refundTask } from '../payments/refunds/refund.task';
import { WORKSHOP_CANCEL_TASK, workshopCancelTask } from '../organiser/workshop-cancel.job';
import { RECOVERY_TASK, recoveryTask, scheduleRecoveryJob } from '../recovery/recovery.job';
import { REMINDER_TASK, reminderTask } from '../reminders/reminders';
import { startSandbox } from '../sandbox/sandbox.server';
import { scheduleWaitlistSweep, WAITLIST_OFFER_TASK, WAITLIST_SWEEP_TASK, waitlistOfferTask, waitlistSweepTask } from '../waitlist/waitlist.job';
import type { Plugin } from './plugin';

/**
 * Checkouts, webhooks, the job queue with every domain's tasks (emails, reminders, recovery,
 * waitlist offers, housekeeping, the invoice sweep, the after-workshop thank-you; and, on a runner of their own, refunds and reconciliation) and (outside production,
 * without credentials) the provider sandbox. See README "Payments and email".
 */
export function createPaymentsPlugin(): Plugin {
  return async ({ db, config, logger }) => {
    const setup = resolveProviders(config);
    const sandbox = setup.usesSandbox ? await startSandbox(db) : undefined;
    if (sandbox) logger.info({ apiUrl: sandbox.apiUrl }, 'provider sandbox running (no provider credentials); buyer pages under /sandbox');

    const sender: EmailSender = emailSender(config);
    const providers = buildProviders(setup, sandbox?.apiUrl, logger, config.PROVIDER_TIMEOUT_MS);
    const ctx: PaymentsContext = { db, logger, sender, providers, holdMinutes: config.HOLD_MINUTES };

    const worker = await startEmailWorker({
      db,
      connectionString: config.DATABASE_URL,
      logger,
      sender,
      sendgrid: { apiKey: setup.sendgrid.apiKey, baseUrl: setup.sendgrid.sandbox ? `${sandbox?.apiUrl}/sandbox/sendgrid` : undefined },
      concurrency: config.EMAIL_WORKER_CONCURRENCY,
      pollIntervalMs: config.JOB_POLL_INTERVAL_MS,
      extraTasks: {
        [REMINDER_TASK]: reminderTask({ db, sender }),
        [PURGE_TASK]: purgeTask(db, logger),
        [RECOVERY_TASK]: recoveryTask(db, sender, config.RECONCILE_INTERVAL_SECONDS),
        [WAITLIST_OFFER_TASK]: waitlistOfferTask(db, sender),
        [WAITLIST_SWEEP_TASK]: waitlistSweepTask(db, config.RECONCILE_INTERVAL_SECONDS),
        [INVOICE_SWEEP_TASK]: invoiceSweepTask(db, logger),
        [FOLLOW_UP_TASK]: followUpTask(db, sender, logger, config.FOLLOW_UP_INTERVAL_SECONDS),
        [RETENTION_TASK]: retentionTask(db, logger),
      },
    });
    // Money on its own runner: a SendGrid that is slow or failing fills the email worker's slots,
    // never these, so refunds and settling late payments go on meanwhile.
    const moneyWorker = await startJobRunner({
      connectionString: config.DATABASE_URL,
      logger,
      component: 'money-worker',
      concurrency: config.MONEY_WORKER_CONCURRENCY,
      pollIntervalMs: config.JOB_POLL_INTERVAL_MS,
      taskList: {
        [REFUND_TASK]: refundTask(ctx),
        [RECONCILE_TASK]: reconcileTask(ctx, config.RECONCILE_INTERVAL_SECONDS),
        [WORKSHOP_CANCEL_TASK]: workshopCancelTask(ctx),
      },
    });
    await scheduleReconcile(db, config.RECONCILE_INTERVAL_SECONDS, 'preserve_run_at');
    await scheduleRecoveryJob(db, config.RECONCILE_INTERVAL_SECONDS, 'preserve_run_at');
    await scheduleWaitlistSweep(db, config.RECONCILE_INTERVAL_SECONDS, 'preserve_run_at');
    await scheduleInvoiceSweep(db, 'preserve_run_at');
    await scheduleFollowUp(db, 'preserve_run_at', config.FOLLOW_UP_INTERVAL_SECONDS);
    await scheduleRetention(db, 'preserve_run_at');

    return {
      options: { extraRoutes: checkoutRoutes(ctx, config), afterApi: sandbox ? [sandbox.router] : [] },
      context: ctx,
      // The sandbox's SendGrid tells this server what became of each email, as SendGrid's Event Webhook would.
      listening: (url) => {
        if (setup.sendgrid.sandbox) sandbox?.sendEmailEventsTo(`${url}/api/webhooks/sendgrid`);
      },
      stop: async () => {
        await Promise.all([worker.stop(), moneyWorker.stop()]);
        await sandbox?.stop();
      },
    };
  };
}
