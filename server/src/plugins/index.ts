import { schedulePurge } from '../housekeeping/purge.job';
import { createEventsPlugin } from './events.plugin';
import { createPaymentsPlugin } from './payments.plugin';
import type { Plugin } from './plugin';

export type { Plugin } from './plugin';
export { wireDomainHooks } from './domain-hooks';

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
