import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import { REGISTRATION_CHANNEL } from './registration-events';

export interface RegistrationListener {
  /** Raw JSON payloads from NOTIFY; returns an unsubscribe. */
  subscribe(handler: (payload: string) => void): () => void;
  stop(): Promise<void>;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * One dedicated connection per server instance LISTENs on the channel (a pooled connection
 * would lose the LISTEN when returned). Reconnects with backoff if PostgreSQL goes away.
 */
export async function startRegistrationListener(databaseUrl: string, logger: Logger): Promise<RegistrationListener> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel === REGISTRATION_CHANNEL && msg.payload) events.emit('event', msg.payload);
    });
    c.on('error', (err) => {
      logger.warn({ err }, 'registration events: connection lost');
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${REGISTRATION_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) return void (await c.end().catch(() => {}));
    client = c;
    delay = RECONNECT_MIN_MS;
  }

  function lost(c: pg.Client): void {
    if (stopped || client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    reconnectLater();
  }

  function reconnectLater(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        logger.info('registration events: listening again');
      } catch (err) {
        logger.warn({ err }, 'registration events: reconnect failed');
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        reconnectLater();
      }
    }, delay);
    retryTimer.unref();
  }

  await connect();

  return {
    subscribe(handler) {
      events.on('event', handler);
      return () => events.off('event', handler);
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      events.removeAllListeners();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
