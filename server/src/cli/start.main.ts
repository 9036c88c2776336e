import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config';
import { startServer, type RunningServer } from '../server';
import { builtSite, productionConfig } from './production-env';

/**
 * `npm run start:prod` (server/dist/main.js under plain node): the compiled server for a real
 * deployment. It never seeds demo data or prints a password, refuses to start on an incomplete
 * configuration, and serves the site `npm run build` produced. Migrations run under the
 * migration lock first, so several instances may start at once (or after `npm run migrate:prod`).
 */
async function main() {
  let server: RunningServer | undefined;
  try {
    const config = productionConfig(process.env);
    // Express and friends read it for their own production behaviour (no stack traces in answers).
    process.env.NODE_ENV = 'production';
    const siteDist = builtSite(config, path.dirname(fileURLToPath(import.meta.url)));
    server = await startServer(config, { siteDist });
    const running = server;
    running.deps.logger.info({ port: running.port, publicBaseUrl: config.publicBaseUrl }, 'server listening');
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      running.deps.logger.info({ signal }, 'shutting down: finishing requests in flight');
      running.close().then(
        () => process.exit(0),
        (err: unknown) => {
          running.deps.logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  } catch (err) {
    await server?.close().catch(() => {});
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
