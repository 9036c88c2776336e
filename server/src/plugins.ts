import type { AppOptions } from './app';
import { createEventsPlugin } from './events/events.plugin';
import type { AppDeps } from './http/route';
import { schedulePurge } from './jobs/session-purge.job';
import { createPaymentsPlugin } from './payments/payments.plugin';
import type { PaymentsContext } from './payments/payments.context';

/**
 * A part of the server with its own routes and background work (payments, email queue,
 * admin events). Started after migrations. On shutdown `beforeClose` runs as soon as the
 * server stops accepting connections (end long-lived responses there), `stop` after HTTP has drained.
 */
export type Plugin = (
  deps: AppDeps,
) => Promise<{
  options?: AppOptions;
  /** The payments plugin's services, for jobs and tests that drive them directly (a reconcile pass). */
  context?: PaymentsContext;
  beforeClose?: () => Promise<void>;
  stop?: () => Promise<void>;
}>;

/** Every plugin the real server runs, in tests and in production alike. */
export const corePlugins: Plugin[] = [];
corePlugins.push(createEventsPlugin());
corePlugins.push(createPaymentsPlugin());
// Expired sessions, rate-limit counters and old events: one scheduled job for the cluster
// (its task runs in the payments plugin's job worker, the one worker an instance has).
corePlugins.push(async ({ db }) => {
  await schedulePurge(db, 'preserve_run_at');
  return {};
});
