import { startEmailWorker } from '../email/email.worker';
import { emailSender } from '../email/email.data';
import type { EmailSender } from '../email/email.queue';
import { RECONCILE_TASK, reconcileTask, scheduleReconcile } from '../jobs/reconcile.job';
import { PURGE_TASK, purgeTask } from '../jobs/session-purge.job';
import { scheduleWaitlistSweep, WAITLIST_OFFER_TASK, WAITLIST_SWEEP_TASK, waitlistOfferTask, waitlistSweepTask } from '../jobs/waitlist.job';
import type { Plugin } from '../plugins';
import { RECOVERY_TASK, recoveryTask, scheduleRecoveryJob } from '../recovery/recovery.job';
import { REMINDER_TASK, reminderTask } from '../reminders/reminders';
import { startSandbox } from '../sandbox/sandbox.server';
import { checkoutRoutes } from './checkout.routes';
import type { Providers } from './payment-provider';
import type { PaymentsContext } from './payments.context';
import { createPaypalClient } from './paypal/paypal.client';
import { paypalProvider } from './paypal/paypal.provider';
import { resolveProviders } from './providers.config';
import { createRazorpayClient, RAZORPAY_SCRIPT_URL, SANDBOX_SCRIPT_PATH } from './razorpay/razorpay.client';
import { razorpayProvider } from './razorpay/razorpay.provider';
import { REFUND_TASK } from './refunds/refund.queue';
import { refundTask } from './refunds/refund.task';

/**
 * Checkouts, webhooks, the job queue (emails, refunds, reconciliation) and (outside
 * production, without credentials) the provider sandbox. See README "Payments and email".
 */
export function createPaymentsPlugin(): Plugin {
  return async ({ db, config, logger }) => {
    const setup = resolveProviders(config);
    const sandbox = setup.usesSandbox ? await startSandbox(db) : undefined;
    if (sandbox) logger.info({ apiUrl: sandbox.apiUrl }, 'provider sandbox running (no provider credentials); buyer pages under /sandbox');
    const sandboxUrl = (useSandbox: boolean) => (useSandbox ? sandbox?.apiUrl : undefined);

    const sender: EmailSender = emailSender(config);
    const providers: Providers = {};
    if (setup.paypal) {
      const p = setup.paypal;
      if (!p.webhookId) logger.warn('PAYPAL_WEBHOOK_ID is not set: PayPal webhooks will be refused');
      providers.paypal = paypalProvider(createPaypalClient({ clientId: p.clientId, clientSecret: p.clientSecret, mode: p.mode, sandboxApiUrl: sandboxUrl(p.sandbox) }), p.webhookId);
    }
    if (setup.razorpay) {
      const r = setup.razorpay;
      if (!r.webhookSecret) logger.warn('RAZORPAY_WEBHOOK_SECRET is not set: Razorpay webhooks will be refused');
      const client = createRazorpayClient({ keyId: r.keyId, keySecret: r.keySecret, sandboxApiUrl: sandboxUrl(r.sandbox) });
      providers.razorpay = razorpayProvider(client, { keyId: r.keyId, keySecret: r.keySecret, webhookSecret: r.webhookSecret, scriptUrl: r.sandbox ? SANDBOX_SCRIPT_PATH : RAZORPAY_SCRIPT_URL });
    }
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
        [REFUND_TASK]: refundTask(ctx),
        [RECONCILE_TASK]: reconcileTask(ctx, config.RECONCILE_INTERVAL_SECONDS),
        [REMINDER_TASK]: reminderTask({ db, sender }),
        [PURGE_TASK]: purgeTask(db, logger),
        [RECOVERY_TASK]: recoveryTask(db, sender, config.RECONCILE_INTERVAL_SECONDS),
        [WAITLIST_OFFER_TASK]: waitlistOfferTask(db, sender),
        [WAITLIST_SWEEP_TASK]: waitlistSweepTask(db, config.RECONCILE_INTERVAL_SECONDS),
      },
    });
    await scheduleReconcile(db, config.RECONCILE_INTERVAL_SECONDS, 'preserve_run_at');
    await scheduleRecoveryJob(db, config.RECONCILE_INTERVAL_SECONDS, 'preserve_run_at');
    await scheduleWaitlistSweep(db, config.RECONCILE_INTERVAL_SECONDS, 'preserve_run_at');

    return {
      options: { extraRoutes: checkoutRoutes(ctx, config), afterApi: sandbox ? [sandbox.router] : [] },
      context: ctx,
      stop: async () => {
        await worker.stop();
        await sandbox?.stop();
      },
    };
  };
}
