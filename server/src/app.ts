import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { recordAdminWrites } from './activity/activity.middleware';
import { requireAdmin } from './auth/session.middleware';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { jsonBody, rawBody, refuseUnstorableInput } from './http/input-guard';
import { createLimiters } from './http/rate-limit';
import { requestLog } from './http/request-log';
import { type Access, type AppDeps, type RouteDef, roleNeeded } from './http/route';
import { sameOriginWrites } from './http/same-origin';
import { allRoutes } from './routes';
import { refuseDuringMaintenance } from './site/maintenance.middleware';

export interface AppOptions {
  /** Extra route tables (payments, events) mounted with the same access rules. */
  extraRoutes?: RouteDef[];
  /** Mounted after the API: the public site and /admin. */
  afterApi?: RequestHandler[];
}

/** Every route createApp mounted, plugins' included: the authorization test walks this list. */
export function mountedRoutes(app: Express): readonly RouteDef[] {
  return (app.locals.routes as RouteDef[] | undefined) ?? [];
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const { db, config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY !== false) app.set('trust proxy', config.TRUST_PROXY);

  app.use(requestLog(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Razorpay's checkout script and frame; the preview video's player.
          'script-src': ["'self'", 'https://checkout.razorpay.com'],
          'frame-src': ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
          'img-src': ["'self'", 'data:', 'https:'],
          'connect-src': ["'self'", 'https://lumberjack.razorpay.com'],
          'upgrade-insecure-requests': config.isProduction ? [] : null,
        },
      },
    }),
  );
  app.use(cookieParser());

  const limiter = createLimiters(db);
  const tryAgain = 'Too many requests. Please wait a minute and try again.';
  const guards: Record<Access, RequestHandler[]> = {
    public: [],
    lookup: [limiter({ name: 'lookup', max: config.RATE_LIMIT_FORMS_MAX * 3, windowSeconds: config.RATE_LIMIT_FORMS_WINDOW_SECONDS, message: tryAgain })],
    join: [limiter({ name: 'join', max: config.RATE_LIMIT_FORMS_MAX * 30, windowSeconds: config.RATE_LIMIT_FORMS_WINDOW_SECONDS, message: tryAgain })],
    form: [
      limiter({ name: 'form', max: config.RATE_LIMIT_FORMS_MAX, windowSeconds: config.RATE_LIMIT_FORMS_WINDOW_SECONDS, message: 'Too many submissions. Please wait a minute and try again.' }),
      refuseDuringMaintenance(db),
    ],
    callback: [limiter({ name: 'callback', max: config.RATE_LIMIT_CALLBACK_MAX, windowSeconds: 60, message: tryAgain })],
    // Only failed sign-ins count: an admin who signs in many times a day is never locked out.
    login: [
      limiter({
        name: 'login',
        max: config.RATE_LIMIT_LOGIN_MAX,
        windowSeconds: config.RATE_LIMIT_LOGIN_WINDOW_SECONDS,
        message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
        countsWhen: (status) => status === 401 || status === 403,
      }),
    ],
    admin: [],
  };
  const adminGuard = (route: RouteDef) => [sameOriginWrites(config.publicBaseUrl), requireAdmin(db, route.unauthorizedMessage, roleNeeded(route)), recordAdminWrites(db, logger)];
  // Webhooks: an address whose deliveries keep being refused (forged, unsigned, malformed) is
  // stopped here, before its next delivery costs a signature check at the provider.
  const refusedWebhooks = limiter({
    name: 'webhook-refused',
    max: config.RATE_LIMIT_WEBHOOK_REFUSED_MAX,
    windowSeconds: 600,
    message: tryAgain,
    countsWhen: (status) => status >= 400 && status < 500 && status !== 429,
  });
  // Bodies are checked for nesting before parsing, and every string in them, the query and
  // the path for text PostgreSQL cannot store, before any handler runs.
  const json = jsonBody('100kb');
  const raw = rawBody('1mb');

  // Answers naming people (admin lists and exports, the session, a booking) are kept by no cache:
  // not the browser's, not a proxy's, even when the answer is an error.
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  const personal = (route: RouteDef) => route.access === 'admin' || route.access === 'lookup' || route.access === 'join' || route.path.startsWith('/api/auth/');

  const routes = [...allRoutes(deps), ...(options.extraRoutes ?? [])];
  app.locals.routes = routes;
  for (const route of routes) {
    const handlers = Array.isArray(route.handler) ? route.handler : [route.handler];
    const guard = route.access === 'admin' ? adminGuard(route) : guards[route.access];
    const body = route.rawBody ? [refusedWebhooks, raw, refuseUnstorableInput] : [route.jsonLimit ? jsonBody(route.jsonLimit) : json, refuseUnstorableInput];
    app[route.method](route.path, ...(personal(route) ? [noStore] : []), ...guard, ...body, ...handlers);
  }
  app.use('/api', notFoundHandler);
  for (const h of options.afterApi ?? []) app.use(h);
  app.use(errorHandler);
  return app;
}
