import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { ADMIN_EVENTS_CHANNEL, type AdminEvent, eventsAfter, latestEventId, parseNotification } from './registration-events';

export interface RegistrationListener {
  /** Every admin event committed from now on, each once; returns an unsubscribe. */
  subscribe(handler: (event: AdminEvent) => void): () => void;
  stop(): Promise<void>;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;
/** Ids relayed lately: a catch-up after a reconnect skips those already relayed live. */
const REMEMBERED_IDS = 2000;

/**
 * One dedicated connection per server instance LISTENs on the channel (a pooled connection
 * would lose the LISTEN when returned). Reconnects with backoff if PostgreSQL goes away, and
 * then relays, from the events table, whatever was committed while it was not listening.
 */
export async function startRegistrationListener(databaseUrl: string, db: Db, logger: Logger): Promise<RegistrationListener> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  // The last event relayed (as a client would hold it), and the ids relayed lately.
  let lastId = 0;
  const relayed = new Set<number>();

  function relay(event: AdminEvent): void {
    if (relayed.has(event.id)) return;
    relayed.add(event.id);
    if (relayed.size > REMEMBERED_IDS) relayed.delete(relayed.values().next().value as number);
    lastId = event.id;
    events.emit('event', event);
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: 'workshop-events-listener' });
    c.on('notification', (msg) => {
      const event = msg.channel === ADMIN_EVENTS_CHANNEL && msg.payload ? parseNotification(msg.payload) : undefined;
      if (event) relay(event);
    });
    c.on('error', (err) => {
      logger.warn({ err }, 'admin events: connection lost');
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${ADMIN_EVENTS_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) return void (await c.end().catch(() => {}));
    client = c;
    delay = RECONNECT_MIN_MS;
  }

  /** Listening again: relay what committed meanwhile (NOTIFYs to a dropped connection are gone). */
  async function catchUp(): Promise<void> {
    for (const event of await eventsAfter(db, lastId)) relay(event);
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
        await catchUp();
        logger.info('admin events: listening again');
      } catch (err) {
        logger.warn({ err }, 'admin events: reconnect failed');
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        if (client) lost(client);
        else reconnectLater();
      }
    }, delay);
    retryTimer.unref();
  }

  await connect();
  // Listening first, then the starting point: nothing committed in between is missed.
  lastId = await latestEventId(db);

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
