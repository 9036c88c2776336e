import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import type { Db } from '../db/knex';
import { paypalSandboxRouter } from './paypal.sandbox';
import { razorpaySandboxRouter } from './razorpay.sandbox';
import { sendgridSandboxRouter } from './sendgrid.sandbox';
import { SandboxEventWebhook } from './sendgrid.events';
import { delaySwitch, outageSwitch } from './sandbox.outage';
import { ensureSandboxSchema } from './sandbox.store';

export interface RunningSandbox {
  /** Where the server's SDKs reach the sandbox: its own listener on 127.0.0.1, known before the main server listens. */
  apiUrl: string;
  /** The same routes, mounted on the main server for the buyer's browser (approval page, checkout script). */
  router: Router;
  /** Where the sandbox's SendGrid posts its Event Webhook (the server's own, once it listens). */
  sendEmailEventsTo: (url: string | undefined) => void;
  stop: () => Promise<void>;
}

const running = new WeakMap<Db, string>();

/** The API listener of the sandbox started over this database handle, for tools and tests that drive the SDKs themselves. */
export function sandboxApiUrl(db: Db): string | undefined {
  return running.get(db);
}

/**
 * Starts the provider sandbox. The SDK side gets a listener of its own on an ephemeral
 * port because background jobs call the providers before (or without) any request telling
 * us the main server's address; the browser side is mounted on the main server under
 * /sandbox so pages and scripts stay same-origin (CSP 'self'). State is in PostgreSQL,
 * so both mounts, every instance and a restarted server see the same orders and emails.
 */
export async function startSandbox(db: Db): Promise<RunningSandbox> {
  await ensureSandboxSchema(db);
  const router = Router();
  const emailEvents = new SandboxEventWebhook(db);
  router.use(paypalSandboxRouter(db), razorpaySandboxRouter(db), sendgridSandboxRouter(db, emailEvents));
  // Both providers' refund calls answer 503 for a while: how the durable refund retry is exercised.
  router.post('/sandbox/refunds/outage', express.json(), outageSwitch(db, 'refunds'));
  // Both providers refuse new refunds (answered, not down) while listing them still works, as when
  // the account's balance cannot cover them: how a refund that runs out of attempts is exercised.
  router.post('/sandbox/refunds/low-balance', express.json(), outageSwitch(db, 'balance'));
  // Both providers take their time over refunds: how two refund runners at once are exercised.
  router.post('/sandbox/refunds/slow', express.json(), delaySwitch(db, 'refunds'));
  // The rest of both providers' server-to-server API answers 503 while buyers can still pay:
  // how a payment the server cannot confirm for a while is exercised.
  router.post('/sandbox/providers/outage', express.json(), outageSwitch(db, 'api'));
  const app = express();
  app.disable('x-powered-by');
  app.use(router);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  running.set(db, apiUrl);
  return {
    apiUrl,
    router,
    sendEmailEventsTo: (url) => emailEvents.to(url),
    stop: () =>
      new Promise<void>((resolve) => {
        emailEvents.stop();
        running.delete(db);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
