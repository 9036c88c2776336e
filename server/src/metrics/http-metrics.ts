import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Gauge, Histogram, type Registry } from 'prom-client';

/** The admin events stream: its responses are counted as SSE clients, never timed. */
export const EVENTS_ROUTE = '/api/admin/events';

/** What Express leaves on the request once a route matched it. */
type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string; originalUrl?: string };

/**
 * The route a request was answered by, as its pattern (`/api/admin/registrations/:id`), never
 * the raw URL, so ids, tokens and junk paths cannot multiply the series. Requests no route
 * matched are `unmatched` under /api and `site` elsewhere (the static site and /admin).
 */
export function routeLabel(req: RoutedRequest): string {
  const pattern = req.route?.path;
  if (typeof pattern === 'string') return `${req.baseUrl ?? ''}${pattern}`;
  const url = req.originalUrl ?? req.url ?? '';
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') ? 'unmatched' : 'site';
}

/**
 * HTTP latency by route, and the admin event streams open on this instance. Fed by the HTTP
 * server's 'request' event (added after Express's own listener, so the app stays the server's
 * first listener); the route is read when the response closes, once Express has matched it.
 */
export function httpMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, matched route pattern and status code (this instance).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Set<{ req: RoutedRequest; res: ServerResponse }>();
  const isEventStream = (res: ServerResponse) => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');

  new Gauge({
    name: 'workshop_sse_clients',
    help: 'Admin clients connected to the server-sent events stream (this instance).',
    registers: [registry],
    collect() {
      let open = 0;
      for (const { req, res } of inFlight) if (res.headersSent && res.statusCode === 200 && routeLabel(req) === EVENTS_ROUTE && isEventStream(res)) open++;
      this.set(open);
    },
  });

  const onRequest = (req: RoutedRequest, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const entry = { req, res };
    inFlight.add(entry);
    res.once('close', () => {
      inFlight.delete(entry);
      // A stream's duration is how long an admin kept the page open, not latency.
      if (isEventStream(res)) return;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      duration.observe({ method: req.method ?? 'GET', route: routeLabel(req), status_code: res.writableFinished ? String(res.statusCode) : 'aborted' }, seconds);
    });
  };

  return {
    instrument(server: Server) {
      server.on('request', onRequest);
    },
  };
}
