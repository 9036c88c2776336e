import type { Request, RequestHandler, Response } from 'express';
import type { Db } from '../db/knex';
import { findSessionUser } from '../auth/auth.queries';
import type { RouteDef } from '../http/route';
import type { RegistrationListener } from './registration-listener';

export interface EventStreamOptions {
  /** Comment lines keep proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
}

export interface EventStreams {
  route: RouteDef;
  closeAll(): void;
}

export function eventStreams(db: Db, listener: RegistrationListener, options: EventStreamOptions): EventStreams {
  const open = new Set<Response>();
  const handler: RequestHandler = (req: Request, res: Response) => {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    // nginx and similar proxies buffer responses unless told not to.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write('retry: 5000\n: connected\n\n');
    open.add(res);

    const unsubscribe = listener.subscribe((payload) => {
      res.write(`event: registration.completed\ndata: ${payload}\n\n`);
    });
    const token = req.sessionToken;
    const heartbeat = setInterval(async () => {
      // A revoked or expired session must not keep receiving registrations.
      const user = token ? await findSessionUser(db, token).catch(() => undefined) : undefined;
      if (!user?.is_admin) return res.end();
      res.write(': heartbeat\n\n');
    }, options.heartbeatMs);

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
