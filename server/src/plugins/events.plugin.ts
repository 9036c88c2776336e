import type { Plugin } from './plugin';
import { eventStreams } from '../events/events.routes';
import { startRegistrationListener } from '../events/registration-listener';

/** GET /api/admin/events: relays admin events (`registration.completed`) to this instance's admins. */
export function createEventsPlugin(options: { heartbeatMs?: number } = {}): Plugin {
  return async ({ db, config, logger }) => {
    const listener = await startRegistrationListener(config.DATABASE_URL, db, logger);
    const streams = eventStreams(db, listener, { heartbeatMs: options.heartbeatMs ?? 25_000 });
    return {
      options: { extraRoutes: [streams.route] },
      // Streams never go idle, so they must end before HTTP can drain.
      beforeClose: async () => streams.closeAll(),
      stop: async () => {
        streams.closeAll();
        await listener.stop();
      },
    };
  };
}
