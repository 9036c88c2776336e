import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { requireAdmin } from './auth/session.middleware';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { limiter } from './http/rate-limit';
import { requestLog } from './http/request-log';
import type { Access, AppDeps, RouteDef } from './http/route';
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
  if (config.TRUST_PROXY) app.set('trust proxy', 1);

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

  const guards: Record<Access, RequestHandler[]> = {
    public: [],
    lookup: [limiter(config.RATE_LIMIT_FORMS_MAX * 3, config.RATE_LIMIT_FORMS_WINDOW_SECONDS, 'Too many requests. Please wait a minute and try again.')],
    form: [
      limiter(config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_SECONDS, 'Too many submissions. Please wait a minute and try again.'),
      refuseDuringMaintenance(db),
    ],
    login: [limiter(config.RATE_LIMIT_LOGIN_MAX, config.RATE_LIMIT_LOGIN_WINDOW_SECONDS, 'Too many sign-in attempts. Please wait 15 minutes and try again.')],
    admin: [sameOriginWrites(config.publicBaseUrl), requireAdmin(db)],
  };
  const json = express.json({ limit: '100kb' });
  const raw = express.raw({ type: '*/*', limit: '1mb' });

  const routes = [...allRoutes(deps), ...(options.extraRoutes ?? [])];
  app.locals.routes = routes;
  for (const route of routes) {
    const handlers = Array.isArray(route.handler) ? route.handler : [route.handler];
    const guard =
      route.access === 'admin' && route.unauthorizedMessage
        ? [sameOriginWrites(config.publicBaseUrl), requireAdmin(db, route.unauthorizedMessage)]
        : guards[route.access];
    app[route.method](route.path, ...guard, route.rawBody ? raw : json, ...handlers);
  }
  app.use('/api', notFoundHandler);
  for (const h of options.afterApi ?? []) app.use(h);
  app.use(errorHandler);
  return app;
}
