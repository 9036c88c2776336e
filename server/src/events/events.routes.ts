import type { Request, RequestHandler, Response } from 'express';
import type { Db } from '../db/knex';
import { findSessionUser } from '../auth/auth.queries';
import type { RouteDef } from '../http/route';
import { type AdminEvent, eventsAfter, latestEventId, seenBefore } from './registration-events';
import type { RegistrationListener } from './registration-listener';

export interface EventStreamOptions {
  /** Comment lines keep proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
}

export interface EventStreams {
  route: RouteDef;
  closeAll(): void;
}

/** How often an open stream checks that its session still stands. */
const SESSION_CHECK_MS = 3_000;

/** Ids one stream remembers sending, so a replay and the live feed never send one twice. */
const REMEMBERED_IDS = 2000;

/** The reconnecting client's last event id (the browser's EventSource sends it by itself). */
function lastEventId(req: Request): number | undefined {
  const raw = req.get('last-event-id')?.trim();
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

const frame = (event: AdminEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`;

export function eventStreams(db: Db, listener: RegistrationListener, options: EventStreamOptions): EventStreams {
  const open = new Set<Response>();
  const handler: RequestHandler = async (req: Request, res: Response) => {
    const sent = new Set<number>();
    let ready = false;
    const waiting: AdminEvent[] = [];
    const send = (event: AdminEvent) => {
      if (sent.has(event.id)) return;
      sent.add(event.id);
      if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value as number);
      res.write(frame(event));
    };
    const after = lastEventId(req);
    // A notification can reach this instance late (a busy LISTEN connection): one the reconnecting
    // client had seen before its Last-Event-ID must not come again. Only ids at or below it are asked about.
    const live = (event: AdminEvent) => {
      if (after === undefined || event.id > after) return send(event);
      void seenBefore(db, event.id, after).then(
        (seen) => !seen && !res.destroyed && send(event),
        () => !res.destroyed && send(event),
      );
    };
    // Subscribed before the replay is read: what commits meanwhile waits, and is sent once, after it.
    const unsubscribe = listener.subscribe((event) => (ready ? live(event) : waiting.push(event)));
    let backlog: AdminEvent[];
    let cursor: number;
    try {
      backlog = after === undefined ? [] : await eventsAfter(db, after);
      cursor = after === undefined ? await latestEventId(db) : (backlog.at(-1)?.id ?? after);
    } catch (err) {
      unsubscribe();
      throw err;
    }
    // Gone while the replay was read: its 'close' has fired already.
    if (res.destroyed) return unsubscribe();

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('Connection', 'keep-alive');
    // nginx and similar proxies buffer responses unless told not to.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    // A first id, even before any event: a client that drops before its first event still
    // reconnects with Last-Event-ID and gets what it missed. No data, so no event fires.
    res.write(`retry: 5000\n: connected\nid: ${cursor}\ndata:\n\n`);
    open.add(res);
    for (const event of backlog) send(event);
    ready = true;
    for (const event of waiting.splice(0)) live(event);

    const token = req.sessionToken;
    let beatAt = Date.now();
    const heartbeat = setInterval(async () => {
      // A revoked or expired session (an admin removed, signed out everywhere) must not keep
      // receiving registrations: looked at every few seconds, on whichever instance holds the stream.
      const user = token ? await findSessionUser(db, token).catch(() => undefined) : undefined;
      if (!user?.is_admin || user.must_set_up_two_factor) return res.end();
      if (Date.now() - beatAt < options.heartbeatMs) return;
      beatAt = Date.now();
      res.write(': heartbeat\n\n');
    }, Math.min(options.heartbeatMs, SESSION_CHECK_MS));

    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    });
  };

  return {
    route: { method: 'get', path: '/api/admin/events', access: 'admin', handler },
    closeAll() {
      for (const res of open) res.end();
      open.clear();
    },
  };
}
