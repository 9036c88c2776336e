import { startEmailWorker } from '../email/email.worker';
import type { EmailSender } from '../email/email.queue';
import type { RouteDef } from '../http/route';
import { startReconciler, type Reconcilers } from '../jobs/reconcile.job';
import type { Plugin } from '../plugins';
import { startSandbox } from '../sandbox/sandbox.server';
import { createPaypalClient } from './paypal/paypal.client';
import { paypalRoutes } from './paypal/paypal.routes';
import { PaypalService } from './paypal/paypal.service';
import { resolveProviders } from './providers.config';
import { REFUND_TASK } from './refund-queue';
import { refundTask, type Refunders } from './refunds';
import { createRazorpayClient, RAZORPAY_SCRIPT_URL, SANDBOX_SCRIPT_PATH } from './razorpay/razorpay.client';
import { razorpayRoutes } from './razorpay/razorpay.routes';
import { RazorpayService } from './razorpay/razorpay.service';

/**
 * Checkouts, webhooks, the email queue, the reconciliation job and (outside production,
 * without credentials) the provider sandbox. See README "Payments and email".
 */
export function createPaymentsPlugin(): Plugin {
  return async ({ db, config, logger }) => {
    const setup = resolveProviders(config);
    const sandbox = setup.usesSandbox ? await startSandbox(db) : undefined;
    if (sandbox) logger.info({ apiUrl: sandbox.apiUrl }, 'provider sandbox running (no provider credentials); buyer pages under /sandbox');
    const sandboxUrl = (useSandbox: boolean) => (useSandbox ? sandbox?.apiUrl : undefined);

    const sender: EmailSender = { publicBaseUrl: config.publicBaseUrl, from: { email: config.EMAIL_FROM, name: config.EMAIL_FROM_NAME } };
    const routes: RouteDef[] = [];
    const reconcilers: Reconcilers = {};
    const refunders: Refunders = {};

    if (setup.paypal) {
      const p = setup.paypal;
      const client = createPaypalClient({ clientId: p.clientId, clientSecret: p.clientSecret, mode: p.mode, sandboxApiUrl: sandboxUrl(p.sandbox) });
      const service = new PaypalService({ db, client, holdMinutes: config.HOLD_MINUTES, sender, logger });
      if (!p.webhookId) logger.warn('PAYPAL_WEBHOOK_ID is not set: PayPal webhooks will be refused');
      routes.push(...paypalRoutes({ db, config, logger, client, service, webhookId: p.webhookId }));
      reconcilers.paypal = service;
      refunders.paypal = service;
    }
    if (setup.razorpay) {
      const r = setup.razorpay;
      const client = createRazorpayClient({ keyId: r.keyId, keySecret: r.keySecret, sandboxApiUrl: sandboxUrl(r.sandbox) });
      const scriptUrl = r.sandbox ? SANDBOX_SCRIPT_PATH : RAZORPAY_SCRIPT_URL;
      const service = new RazorpayService({ db, client, keyId: r.keyId, keySecret: r.keySecret, scriptUrl, holdMinutes: config.HOLD_MINUTES, sender, logger });
      if (!r.webhookSecret) logger.warn('RAZORPAY_WEBHOOK_SECRET is not set: Razorpay webhooks will be refused');
      routes.push(...razorpayRoutes({ db, logger, service, webhookSecret: r.webhookSecret }));
      reconcilers.razorpay = service;
      refunders.razorpay = service;
    }

    const worker = await startEmailWorker({
      db,
      connectionString: config.DATABASE_URL,
      logger,
      sender,
      sendgrid: { apiKey: setup.sendgrid.apiKey, baseUrl: setup.sendgrid.sandbox ? `${sandbox?.apiUrl}/sandbox/sendgrid` : undefined },
      concurrency: config.EMAIL_WORKER_CONCURRENCY,
      extraTasks: { [REFUND_TASK]: refundTask({ db, logger, sender }, refunders) },
    });
    const reconciler = startReconciler(db, reconcilers, logger, config.RECONCILE_INTERVAL_SECONDS);

    return {
      options: { extraRoutes: routes, afterApi: sandbox ? [sandbox.router] : [] },
      stop: async () => {
        await reconciler.stop();
        await worker.stop();
        await sandbox?.stop();
      },
    };
  };
}
