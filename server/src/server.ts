import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import { createApp, mountedRoutes, type AppOptions } from './app';
import type { Config } from './config';
import { createDb, type Db } from './db/knex';
import { migrateLatest } from './db/migrate';
import type { AppDeps, RouteDef } from './http/route';
import { createLogger } from './logger';
import { createMetrics } from './metrics/metrics';
import type { PaymentsContext } from './payments/payments.context';
import { corePlugins, type Plugin, wireDomainHooks } from './plugins/index';
import { assertSandboxNotExposed } from './sandbox/sandbox-exposure';
import { resolveProviders } from './payments/providers.config';
import { pageDataReader } from './site/page-data';
import { staticSite } from './site/static-site';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  http: Server;
  /** Every API route mounted, with its access level (core and plugins). */
  routes: readonly RouteDef[];
  /** The payment services (present whenever the payments plugin runs). */
  payments?: PaymentsContext;
  /** Stops taking connections, lets in-flight requests finish (up to the grace period), closes the pool. */
  close: () => Promise<void>;
}

export interface StartOptions {
  /** Built public site to serve after the API (site/dist). */
  siteDist?: string;
  /** Where log lines go instead of stdout. */
  logDestination?: DestinationStream;
  /** Runs on the migrated database before the port opens, so nobody sees a half-prepared server (demo seed). */
  beforeListen?: (deps: AppDeps) => Promise<void>;
}

export async function startServer(config: Config, startOptions: StartOptions = {}): Promise<RunningServer> {
  const sandboxExposed = assertSandboxNotExposed(config, resolveProviders(config).usesSandbox);
  wireDomainHooks();
  const plugins: Plugin[] = [...corePlugins];
  if (startOptions.siteDist) {
    const dist = startOptions.siteDist;
    plugins.push(async ({ db, logger }) => ({
      options: {
        afterApi: staticSite(dist, {
          publicBaseUrl: config.PUBLIC_BASE_URL,
          pageData: pageDataReader(db, config),
          onPageDataError: (err) => logger.warn({ err }, 'public page served without its live data'),
        }),
      },
    }));
  }
  const logger = createLogger(config, startOptions.logDestination);
  if (sandboxExposed) logger.warn({ host: config.HOST }, 'SANDBOX=on: the provider sandbox (emails sent, outage switches) is reachable without authentication');
  const db: Db = createDb(config.DATABASE_URL, config.DATABASE_POOL_MAX);
  await migrateLatest(db, { onWait: () => logger.info('another instance is migrating the database: waiting for it') });
  const deps: AppDeps = { db, config, logger };

  const started = await Promise.all(plugins.map((p) => p(deps)));
  const metrics = createMetrics(deps);
  const options: AppOptions = {
    extraRoutes: [...started.flatMap((s) => s.options?.extraRoutes ?? []), metrics.route],
    afterApi: started.flatMap((s) => s.options?.afterApi ?? []),
  };
  const app = createApp(deps, options);
  await startOptions.beforeListen?.(deps);
  // The app stays the server's first 'request' listener; the metrics one times what it answers.
  const http = createServer(app);
  metrics.instrument(http);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.PORT, config.HOST, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  for (const s of started) s.listening?.(`http://127.0.0.1:${port}`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const done = new Promise<void>((resolve) => http.close(() => resolve()));
      for (const s of started) await s.beforeClose?.();
      http.closeIdleConnections();
      // A keep-alive connection turns idle once its in-flight request is answered: close it then.
      const sweep = setInterval(() => http.closeIdleConnections(), 100);
      const force = setTimeout(() => http.closeAllConnections(), config.SHUTDOWN_GRACE_SECONDS * 1000);
      await done;
      clearInterval(sweep);
      clearTimeout(force);
      for (const s of started) await s.stop?.();
      await db.destroy();
    })());

  const payments = started.find((s) => s.context)?.context;
  return { url: `http://127.0.0.1:${port}`, port, deps, http, routes: mountedRoutes(app), payments, close };
}
