import type { AppOptions } from './app';
import { createEventsPlugin } from './events/events.plugin';
import type { AppDeps } from './http/route';
import { createPaymentsPlugin } from './payments/payments.plugin';

/**
 * A part of the server with its own routes and background work (payments, email queue,
 * admin events). Started after migrations. On shutdown `beforeClose` runs as soon as the
 * server stops accepting connections (end long-lived responses there), `stop` after HTTP has drained.
 */
export type Plugin = (
  deps: AppDeps,
) => Promise<{ options?: AppOptions; beforeClose?: () => Promise<void>; stop?: () => Promise<void> }>;

/** Every plugin the real server runs, in tests and in production alike. */
export const corePlugins: Plugin[] = [];
corePlugins.push(createEventsPlugin());
corePlugins.push(createPaymentsPlugin());
