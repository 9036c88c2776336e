import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { ERROR_CODE_LOCAL } from '../http/error-handler';

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

/** One answer, as the observers below see it once the response has closed. */
export interface Answered {
  method: string;
  route: string;
  /** false when the connection closed before the whole answer was written (the client gave up, or the server cut it). */
  finished: boolean;
  status: number;
  /** The API error code the error handler answered with (`internal`, `maintenance`…), if any. */
  errorCode?: string;
  location?: string;
}

/** 5xx answers by API error code: the ones a 5xx can carry, plus `none` (no API error body) and `other`. */
export const SERVER_ERROR_CODES = ['internal', 'unavailable', 'payment_failed', 'maintenance', 'none', 'other'] as const;

/**
 * HTTP latency by route, server errors by code, and the admin event streams open on this
 * instance. Fed by the HTTP server's 'request' event (added after Express's own listener, so the
 * app stays the server's first listener); the route is read when the response closes, once
 * Express has matched it. `observers` see every answer but the event streams (the checkout counts).
 */
export function httpMetrics(registry: Registry, observers: ((a: Answered) => void)[] = []) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, matched route pattern and status code (this instance).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Maintenance refusals are 503s an admin asked for: the code keeps them apart from breakage.
  const serverErrors = new Counter({
    name: 'workshop_http_server_errors_total',
    help: 'HTTP answers with a 5xx status, by the API error code they carried (internal, unavailable, payment_failed, maintenance; none = no API error body) (this instance).',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  for (const code of SERVER_ERROR_CODES) serverErrors.inc({ code }, 0);
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
      const answered: Answered = {
        method: req.method ?? 'GET',
        route: routeLabel(req),
        finished: res.writableFinished,
        status: res.statusCode,
        errorCode: errorCodeOf(res),
        location: headerText(res.getHeader('location')),
      };
      duration.observe({ method: answered.method, route: answered.route, status_code: answered.finished ? String(answered.status) : 'aborted' }, seconds);
      if (answered.finished && answered.status >= 500) {
        const code = answered.errorCode ?? 'none';
        serverErrors.inc({ code: (SERVER_ERROR_CODES as readonly string[]).includes(code) ? code : 'other' });
      }
      for (const observe of observers) observe(answered);
    });
  };

  return {
    instrument(server: Server) {
      server.on('request', onRequest);
    },
  };
}

/** Express keeps `res.locals` on the same response object the HTTP server hands out. */
function errorCodeOf(res: ServerResponse): string | undefined {
  const code = (res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[ERROR_CODE_LOCAL];
  return typeof code === 'string' ? code : undefined;
}

function headerText(value: ReturnType<ServerResponse['getHeader']>): string | undefined {
  return typeof value === 'string' ? value : Array.isArray(value) ? value[0] : undefined;
}
