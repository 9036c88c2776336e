import type { AppOptions } from '../app';
import type { AppDeps } from '../http/route';
import type { PaymentsContext } from '../payments/payments.context';

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
  /** Called once the server listens, with its own address (the sandbox posts its webhooks there). */
  listening?: (url: string) => void;
  beforeClose?: () => Promise<void>;
  stop?: () => Promise<void>;
}>;
